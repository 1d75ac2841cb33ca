import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { FormError } from '@/components/form-error';
import { parseApiError } from '@/lib/errors';
import { useDownloadExport } from '../api/export-site';

/** Download the whole site as a zip of Markdown files, media and folio.json. */
export function ExportCard() {
  const download = useDownloadExport();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="export-title">
      <Stack gap="md" align="flex-start">
        <div>
          <Title order={3} size="h4" id="export-title">Export</Title>
          <Text size="sm" c="dimmed">
            Every item as a Markdown file with front matter (drafts and schedules included), its images, the profile and
            About, and folio.json, which any Folio imports back as the same site.
          </Text>
        </div>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => download.mutate()} loading={download.isPending}>
          Download export
        </Button>
        {download.data && <Text size="sm" c="dimmed" role="status">Saved {download.data}.</Text>}
        <FormError message={download.error ? parseApiError(download.error).message : ''} title="Export failed" />
      </Stack>
    </Paper>
  );
}
