import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { parseApiError } from '@/lib/errors';
import type { AdminItem, Revision } from '@/types/api';
import { useRestoreRevision, useRevision, useRevisions } from '../api/revisions';
import { localDateTime } from './publish-status';

/** An HTML description as the plain paragraphs it reads as. */
const paragraphs = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.querySelectorAll('p, h1, h2, h3, h4, li, pre, blockquote, td'))
    .map((el) => el.textContent?.trim() ?? '')
    .filter(Boolean);
};

type Compared = { label: string; then: string; now: string };

/** The fields of a revision beside the item's current ones. */
function compare(rev: Revision, item: AdminItem): Compared[] {
  const list = (v: string[] | null | undefined) => (v ?? []).join(', ');
  const links = item.type === 'blog' ? list(item.attachLinks) : item.attachLink;
  return [
    { label: 'Title', then: rev.title, now: item.title },
    { label: 'Status', then: rev.status, now: item.status },
    { label: 'Date', then: rev.date, now: item.date },
    { label: 'Author', then: rev.author, now: item.author },
    { label: 'Tags', then: list(rev.tags), now: item.tags.join(', ') },
    { label: 'Categories', then: list(rev.categories), now: item.categories.filter((c) => c !== 'Uncategorized').join(', ') },
    { label: 'Links', then: rev.attachLinks !== undefined ? list(rev.attachLinks) : (rev.attachLink ?? ''), now: links },
  ];
}

/** One side of the text comparison: paragraphs the other side lacks are marked. */
function TextSide({ title, mine, other }: { title: string; mine: string[]; other: string[] }) {
  const others = new Set(other);
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="xs" fw={600} c="dimmed" mb={4}>{title}</Text>
      <Stack gap={6}>
        {mine.length === 0 && <Text size="sm" c="dimmed">(no text)</Text>}
        {mine.map((p, i) => (
          <Text key={i} size="sm" style={others.has(p) ? undefined : { background: 'var(--mantine-color-yellow-light)', borderRadius: 4 }}
            data-changed={others.has(p) ? undefined : 'true'}>
            {p}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

type RevisionsPanelProps = { item: AdminItem; opened: boolean; onClose: () => void; onRestored: (item: AdminItem) => void };

/** The item's revisions: pick one to see it against the current text, restore it after a confirmation. */
export function RevisionsPanel({ item, opened, onClose, onRestored }: RevisionsPanelProps) {
  const revisions = useRevisions(item.type, item.id, opened);
  const [chosen, setChosen] = useState<string | null>(null);
  const revision = useRevision(item.type, item.id, chosen);
  const restore = useRestoreRevision();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const entry = revisions.data?.find((r) => r.id === chosen);

  return (
    <Modal opened={opened} onClose={onClose} title={`Revisions of “${item.title}”`} size="xl">
      {revisions.isPending ? <Loader size="sm" /> : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4} role="list" aria-label="Revisions">
              {(revisions.data ?? []).map((r) => (
                <UnstyledButton key={r.id} role="listitem" onClick={() => setChosen(r.id)} aria-pressed={r.id === chosen}
                  p={6} style={{ borderRadius: 6, background: r.id === chosen ? 'var(--mantine-color-default-hover)' : undefined }}>
                  <Text size="sm" fw={500} lineClamp={1}>{r.title}</Text>
                  <Text size="xs" c="dimmed">{localDateTime(r.created)} · {r.author}</Text>
                  <Badge size="xs" variant="light" color="gray" tt="none">{r.status}</Badge>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Stack gap="sm" style={{ gridColumn: 'span 2' }}>
            {!chosen && <Text size="sm" c="dimmed">Choose a revision to compare it with the current text.</Text>}
            {chosen && revision.isPending && <Loader size="sm" />}
            {revision.data && (
              <>
                {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
                <Group justify="space-between" gap="sm">
                  <Text size="xs" c="dimmed">Highlighted: paragraphs the other side does not have.</Text>
                  <Button onClick={() => setConfirming(true)} loading={restore.isPending}>Restore this revision</Button>
                </Group>
                <Stack gap={2} aria-label="Changed fields">
                  {compare(revision.data, item).filter((f) => f.then !== f.now).map((f) => (
                    <Text key={f.label} size="sm"><b>{f.label}:</b> {f.then || '(empty)'} → {f.now || '(empty)'}</Text>
                  ))}
                </Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextSide title={`Revision of ${entry ? localDateTime(entry.created) : ''}`}
                    mine={paragraphs(revision.data.description)} other={paragraphs(item.description)} />
                  <TextSide title="Current" mine={paragraphs(item.description)} other={paragraphs(revision.data.description)} />
                </SimpleGrid>
              </>
            )}
          </Stack>
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Restore this revision?"
        message="The item's text, title, tags, categories, links, date and status go back to this revision. Its media stays as it is now; the current version stays in the revisions."
        confirmLabel="Restore"
        loading={restore.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (!chosen) return;
          restore.mutate({ type: item.type, id: item.id, rid: chosen }, {
            onSuccess: (restored) => { setConfirming(false); setChosen(null); setError(''); onRestored(restored); },
            onError: (err) => { setConfirming(false); setError(`Failed to restore: ${parseApiError(err).message}`); },
          });
        }}
      />
    </Modal>
  );
}
