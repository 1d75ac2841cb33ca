import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { parseApiError } from '@/lib/errors';
import { MAX_IMPORT_BYTES, useImportSite, type ImportResult } from '../api/import-site';
import classes from './move-panel.module.css';

const ACCEPT = '.json,.xml,.zip,application/json,application/xml,text/xml,application/zip';

function ImportSummary({ result }: { result: ImportResult }) {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <Stack gap="sm">
      <Alert color={result.errors.length ? 'yellow' : 'green'} variant="light" title="Import finished" role="status">
        {n(result.imported, 'item imported', 'items imported')}, {n(result.skipped, 'skipped', 'skipped')},{' '}
        {n(result.redirects, 'redirect added', 'redirects added')}
        {result.errors.length > 0 && `, ${n(result.errors.length, 'problem', 'problems')} below`}.
      </Alert>
      {result.errors.length > 0 && (
        <Stack component="ul" gap="xs" aria-label="Import problems" className={classes.problems}>
          {result.errors.map((e, i) => (
            <li key={`${e.source}-${i}`}>
              <Text size="sm" fw={600} className={classes.wrap}>{e.source}</Text>
              <Text size="sm" c="dimmed" className={classes.wrap}>{e.message}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Upload a Ghost, WordPress or Markdown export, with the upload's progress and the result. */
export function ImportCard() {
  const [file, setFile] = useState<File | null>(null);
  const [siteUrl, setSiteUrl] = useState('');
  const [progress, setProgress] = useState(0);
  const [localError, setLocalError] = useState('');
  const importSite = useImportSite(setProgress);
  const tooBig = file !== null && file.size > MAX_IMPORT_BYTES;
  const start = () => {
    if (!file) return setLocalError('Choose a file first.');
    if (tooBig) return setLocalError('The file is over 200 MB.');
    setLocalError('');
    setProgress(0);
    importSite.mutate({ file, siteUrl });
  };
  const uploading = importSite.isPending && progress < 1;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-title">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="import-title">Import</Title>
          <Text size="sm" c="dimmed">
            A Ghost JSON export, a WordPress export (WXR .xml), a zip of Markdown files (Jekyll, Chirpy, Hugo, Astro) or
            a Folio export. Items imported before are skipped; old URLs redirect to the new pages.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="Export file"
            description="Up to 200 MB."
            placeholder="Choose a .json, .xml or .zip file"
            // FileInput draws its placeholder as text (not ::placeholder), so it must pass AA: dimmed does, the theme's placeholder grey does not.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept={ACCEPT}
            value={file}
            onChange={(f) => {
              setFile(f);
              setLocalError('');
              importSite.reset();
            }}
            clearable
            leftSection={<IconFileImport size={16} />}
            error={tooBig ? 'The file is over 200 MB.' : undefined}
            style={{ flex: '1 1 260px' }}
            disabled={importSite.isPending}
          />
          <TextInput
            label="Old site's address (optional)"
            description="A Ghost export holds no images: they are fetched from here."
            placeholder="https://example.com"
            type="url"
            inputMode="url"
            value={siteUrl}
            onChange={(e) => setSiteUrl(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            disabled={importSite.isPending}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={start} loading={importSite.isPending} disabled={!file || tooBig}>
            Import
          </Button>
        </Group>
        {importSite.isPending && (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} animated={!uploading} aria-label="Upload progress" size="md" />
            <Text size="xs" c="dimmed" aria-live="polite">
              {uploading ? `Uploading… ${Math.round(progress * 100)}%` : 'Importing… this can take a minute for a large site.'}
            </Text>
          </Stack>
        )}
        <FormError message={localError || (importSite.error ? parseApiError(importSite.error).message : '')} title="Import failed" />
        {importSite.data && <ImportSummary result={importSite.data} />}
      </Stack>
    </Paper>
  );
}
