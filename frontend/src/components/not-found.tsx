import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
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
