import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Text fw={700} c="dimmed" fz={48} lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
      <Button component={Link} to={paths.home.getHref()} variant="filled">
        Back to home
      </Button>
    </Stack>
  );
}
