import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFound } from '@/components/not-found';

/** Shown when a page throws or fails to load (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Stack align="flex-start" gap="md" p="xl" role="alert">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
