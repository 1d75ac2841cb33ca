import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Stack, Text, Title } from '@mantine/core';
import { ExportCard } from './export-card';
import { ImportCard } from './import-card';
import { RedirectsCard } from './redirects-card';

/** The dashboard's Import/Export tab (super admins): bring a site in, take it out, redirects. */
export function MovePanel() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">Import/Export</Title>
        <Text size="sm" c="dimmed">Move a blog in from Ghost, WordPress or Markdown, or take everything out</Text>
      </div>
      <ImportCard />
      <ExportCard />
      <RedirectsCard />
    </Stack>
  );
}
