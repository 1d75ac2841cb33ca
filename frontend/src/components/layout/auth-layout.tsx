import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { ThemeToggle } from '../theme-toggle';

type AuthLayoutProps = { title: string; description?: string; children: ReactNode };

/** A centred card for sign-in, registration and password reset. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <Box mih="100dvh" p="md">
      <Group component="header" justify="space-between" mb="xl">
        <Anchor component={Link} to={paths.home.getHref()} fw={800} fz="lg" c="var(--mantine-color-text)" underline="never">
          Folio
        </Anchor>
        <ThemeToggle />
      </Group>
      <Center component="main" id="main-content">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm" mt={4}>
                  {description}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
