import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router-dom';
import { NotFound } from '@/components/not-found';

/** Shown when a page throws or fails to load (e.g. a stale chunk after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
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

type BoundaryProps = { children: ReactNode; /** A new value (the path) clears the error. */ resetKey: string };
type BoundaryState = { failure: { error: unknown } | null; resetKey: string };

/** The public router's error boundary (the declarative router has no ErrorBoundary route field). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // RouteErrorPage logs the error once it shows.
  }

  render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}
