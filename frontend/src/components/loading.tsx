import '@mantine/core/styles/Text.layer.css';
import { Text } from '@mantine/core';

/** The spec's loading text, announced politely to screen readers. */
export function Loading() {
  return (
    <Text role="status" aria-live="polite" c="dimmed" py="md">
      Loading...
    </Text>
  );
}
