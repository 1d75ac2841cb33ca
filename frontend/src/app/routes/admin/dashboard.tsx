import { Anchor, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/login';
import { ApprovalGuard } from '@/features/auth/components/approval-guard';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useOwnerName } from '@/features/profile/hooks/use-owner-name';
import { usePageTitle } from '@/hooks/use-page-title';

function DashboardHeader({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const owner = useOwnerName();
  const user = useCurrentUser();
  const navigate = useNavigate();
  usePageTitle('Dashboard');
  return (
    <Container size="lg" py="lg" component="main" id="main-content">
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to={paths.home.getHref()} size="sm">
            ← Back to the site
          </Anchor>
          <Group gap="xs">
            <ThemeToggle />
            <Button
              variant="default"
              onClick={() => {
                logout();
                navigate(paths.login.getHref());
              }}
            >
              Sign out
            </Button>
          </Group>
        </Group>
        <Title order={1}>{owner ? `${owner}'s dashboard` : 'Dashboard'}</Title>
        <Group gap="xs">
          <Text c="dimmed">Signed in as {user?.email}</Text>
          {isSuperAdmin && <Badge variant="light">Super admin</Badge>}
        </Group>
      </Stack>
    </Container>
  );
}

export default function AdminRoute() {
  return <ApprovalGuard>{(approval) => <DashboardHeader isSuperAdmin={approval.isSuperAdmin} />}</ApprovalGuard>;
}
