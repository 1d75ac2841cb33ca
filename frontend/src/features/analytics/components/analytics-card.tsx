import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Box, Paper, Text, Title } from '@mantine/core';

/** One titled section of the Analytics tab. */
export function Card({ title, children, description }: { title: string; description?: string; children: React.ReactNode }) {
  const id = `analytics-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>{title}</Title>
      {description && <Text size="xs" c="dimmed">{description}</Text>}
      <Box mt="sm">{children}</Box>
    </Paper>
  );
}
