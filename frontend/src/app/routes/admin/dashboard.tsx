import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { ActionIcon, Anchor, Avatar, Badge, Box, Button, Container, Group, Menu, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useIsFetching, useQueries, useQueryClient } from '@tanstack/react-query';
import {
  IconArticle,
  IconChartBar,
  IconChevronDown,
  IconCode,
  IconExternalLink,
  IconInfoCircle,
  IconLogout,
  IconRefresh,
  IconTransfer,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ThemeToggle } from '@/components/theme-toggle';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { forgetUnsavedChanges, hasUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { ADMIN_TEXT, DEFAULT_ANALYTICS_RANGE } from '@/config/constants';
import { ADMIN_TABS, paths, type AdminTab } from '@/config/paths';
import { getAdminAboutQueryOptions } from '@/features/admin-content/api/about';
import { getAdminItemsQueryOptions } from '@/features/admin-content/api/get-admin-items';
import { getAdminProfileQueryOptions } from '@/features/admin-content/api/profile';
import { AboutPanel } from '@/features/admin-content/components/about-panel';
import { ItemManager } from '@/features/admin-content/components/item-manager';
import { ProfilePanel } from '@/features/admin-content/components/profile-form';
import { getAdminUsersQueryOptions } from '@/features/admin-users/api/admin-users';
import { AdminUsersPanel } from '@/features/admin-users/components/admin-users-panel';
import { getAnalyticsQueryOptions, getWebsiteAnalyticsQueryOptions } from '@/features/analytics/api/get-analytics';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel';
import { MovePanel } from '@/features/move/components/move-panel';
import { useLogout } from '@/features/auth/api/login';
import { ApprovalGuard } from '@/features/auth/components/approval-guard';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import type { ApprovalResponse } from '@/types/api';
import classes from './dashboard.module.css';

const TAB_ICONS: Record<AdminTab, typeof IconChartBar> = {
  analytics: IconChartBar,
  blog: IconArticle,
  project: IconCode,
  profile: IconUserCircle,
  about: IconInfoCircle,
  admins: IconUsers,
  move: IconTransfer,
};

/** Everything the spec loads together on the dashboard; Refresh Content reloads it all. */
function useDashboardData(isSuperAdmin: boolean) {
  const queries = [
    getAdminItemsQueryOptions('blog'),
    getAdminItemsQueryOptions('project'),
    getAdminProfileQueryOptions(),
    getAdminAboutQueryOptions(),
    getAnalyticsQueryOptions(DEFAULT_ANALYTICS_RANGE, 'all'),
    getWebsiteAnalyticsQueryOptions(DEFAULT_ANALYTICS_RANGE),
    ...(isSuperAdmin ? [getAdminUsersQueryOptions()] : []),
  ];
  const results = useQueries({ queries: queries as never[] }) as { error: unknown }[];
  for (const r of results) if (r.error) console.error('Error loading dashboard:', r.error);
  return results;
}

function Dashboard({ approval }: { approval: ApprovalResponse }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const signOut = () => {
    forgetUnsavedChanges(); // the drafts stay on this device
    logout();
    navigate(paths.login.getHref());
  };
  const fetching = useIsFetching() > 0;
  const [, , profile] = useDashboardData(approval.isSuperAdmin) as [unknown, unknown, { data?: { heading: string; image: string | null } }];
  const owner = profile.data?.heading ?? '';
  usePageTitle(owner ? `${owner} · Dashboard` : 'Dashboard');

  const tabs = ADMIN_TABS.filter((t) => !('superAdminOnly' in t) || approval.isSuperAdmin);
  const requested = params.get('tab');
  const tab: AdminTab = tabs.some((t) => t.value === requested) ? (requested as AdminTab) : 'analytics';

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ type: 'active' });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Box className={classes.page}>
      <UnsavedChangesPrompt />
      <ConfirmDialog
        opened={confirmSignOut}
        title="Sign out with unsaved changes?"
        message="What you typed is kept as a draft on this device and offered back after you sign in again."
        confirmLabel="Sign out"
        onCancel={() => setConfirmSignOut(false)}
        onConfirm={signOut}
      />
      <header className={classes.header}>
        <Container size="xl" className={classes.headerInner}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={profile.data?.image} radius="xl" size={40} alt="">{owner.slice(0, 1)}</Avatar>
            <Stack gap={0} miw={0}>
              <Title order={1} className={classes.title} lineClamp={1}>{owner || 'Dashboard'}</Title>
              <Text size="xs" c="dimmed">Dashboard</Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" leftSection={<IconRefresh size={16} className={refreshing ? classes.spin : undefined} />}
              onClick={refresh} disabled={refreshing} aria-live="polite">
              {refreshing ? ADMIN_TEXT.refreshing : ADMIN_TEXT.refresh}
            </Button>
            <Anchor component={Link} to={paths.home.getHref()} size="sm" visibleFrom="sm" className={classes.siteLink}>
              <Group gap={4} component="span" wrap="nowrap">View site <IconExternalLink size={14} /></Group>
            </Anchor>
            {/* On a phone the header has room for the icon only; "View site" is its name. */}
            <ActionIcon component="a" href={paths.home.getHref()} hiddenFrom="sm" variant="default" size="lg"
              aria-label="View site" title="View site">
              <IconExternalLink size={18} aria-hidden />
            </ActionIcon>
            <ThemeToggle />
            <Menu position="bottom-end" shadow="md" width={240}>
              <Menu.Target>
                <UnstyledButton className={classes.user} aria-label="Account menu">
                  <Group gap={6} wrap="nowrap">
                    <Avatar size={28} radius="xl" color="blue" alt="">{user?.email.slice(0, 1).toUpperCase()}</Avatar>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Signed in as</Menu.Label>
                <Box px="sm" pb="xs">
                  <Text size="sm" fw={600} truncate>{user?.email}</Text>
                  {approval.isSuperAdmin && <Badge size="xs" variant="light" mt={4}>Super admin</Badge>}
                </Box>
                <Menu.Divider />
                <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconExternalLink size={14} />}>View site</Menu.Item>
                <Menu.Item color="red" leftSection={<IconLogout size={14} />}
                  onClick={() => (hasUnsavedChanges() ? setConfirmSignOut(true) : signOut())}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Container>
      </header>

      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v })} keepMounted={false} classNames={{ list: classes.tabList }}>
        <Box component="nav" aria-label="Dashboard" className={classes.tabBar}>
        <Container size="xl">
          <Tabs.List aria-label="Dashboard sections">
            {tabs.map((t) => {
              const Icon = TAB_ICONS[t.value];
              return (
                <Tabs.Tab key={t.value} value={t.value} leftSection={<Icon size={16} stroke={1.6} />}>{t.label}</Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Container>
        </Box>
        <Container size="xl" component="main" id="main-content" py="lg" aria-busy={fetching && refreshing}>
          <Tabs.Panel value="analytics"><AnalyticsPanel /></Tabs.Panel>
          <Tabs.Panel value="blog"><ItemManager type="blog" /></Tabs.Panel>
          <Tabs.Panel value="project"><ItemManager type="project" /></Tabs.Panel>
          <Tabs.Panel value="profile">
            <Stack gap="md">
              <div>
                <Title order={2} size="h3">Profile</Title>
                <Text size="sm" c="dimmed">The heading, bio, image and social links of the site's sidebar</Text>
              </div>
              <ProfilePanel />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="about"><AboutPanel /></Tabs.Panel>
          {approval.isSuperAdmin && (
            <Tabs.Panel value="admins"><AdminUsersPanel currentUserId={user?.id ?? ''} /></Tabs.Panel>
          )}
          {approval.isSuperAdmin && (
            <Tabs.Panel value="move"><MovePanel /></Tabs.Panel>
          )}
        </Container>
      </Tabs>
    </Box>
  );
}

export default function AdminRoute() {
  return <ApprovalGuard>{(approval) => <Dashboard approval={approval} />}</ApprovalGuard>;
}
