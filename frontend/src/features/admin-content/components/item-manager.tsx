import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconExternalLink, IconEye, IconHeart, IconHistory, IconMessage, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { contentAlerts } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { readDraft, draftKey } from '@/lib/drafts';
import { formatDate } from '@/lib/format';
import { useLiveRefresh } from '@/hooks/use-live-refresh';
import type { AdminItem, ItemType, PreviewLink } from '@/types/api';
import { adminItemsQueryKey, itemCollection, useAdminItems } from '../api/get-admin-items';
import { useDeleteItem } from '../api/delete-item';
import { useCreatePreview, useRevokePreviews } from '../api/preview';
import { ItemForm } from './item-form';
import { isOut, localDateTime, PublishStatus } from './publish-status';
import { RevisionsPanel } from './revisions-panel';

type Notice = { color: 'green' | 'red'; message: string; item?: AdminItem; preview?: PreviewLink & { item: AdminItem } };

function Stat({ icon: Icon, value, label }: { icon: typeof IconEye; value: number; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} stroke={1.5} aria-hidden />
      <Text size="xs" c="dimmed">
        {value}
        <VisuallyHidden> {label}</VisuallyHidden>
      </Text>
    </Group>
  );
}

type ItemCardProps = {
  item: AdminItem;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
  onPreview: () => void;
  onRevisions: () => void;
};

function ItemCard({ item, now, onEdit, onDelete, onPreview, onRevisions }: ItemCardProps) {
  const [main, ...subs] = item.categories;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={item.title}>
      <Group wrap="nowrap" gap="md" align="center">
        {item.thumbnail || item.media ? (
          <Image src={item.thumbnail ?? item.media} alt="" w={88} h={64} radius="sm" fit="cover" visibleFrom="xs" style={{ flex: 'none' }} />
        ) : (
          <Stack w={88} h={64} align="center" justify="center" visibleFrom="xs"
            style={{ flex: 'none', borderRadius: 6, background: 'var(--mantine-color-default-hover)' }}>
            <IconPhoto size={20} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          </Stack>
        )}
        <Stack gap={4} miw={0} flex={1}>
          <Anchor component={Link} to={itemHref(item.type, item.id)} fw={600} c="var(--mantine-color-text)" lineClamp={2}>
            {item.title}
          </Anchor>
          <Group gap={8} wrap="wrap">
            <Text size="xs" c="dimmed">{formatDate(item.date)}</Text>
            {item.author && <Text size="xs" c="dimmed">· {item.author}</Text>}
            <Badge size="xs" variant="light" tt="none">{[main, ...subs].join(' / ')}</Badge>
            <PublishStatus item={item} now={now} />
          </Group>
          <Group gap="md">
            <Stat icon={IconEye} value={item.viewCount} label="views" />
            <Stat icon={IconHeart} value={item.likeCount} label="likes" />
            <Stat icon={IconMessage} value={item.commentCount} label="comments" />
          </Group>
        </Stack>
        <Group gap={4} wrap="wrap" justify="flex-end" style={{ flex: 'none', maxWidth: '45%' }}>
          <Button variant="default" size="xs" leftSection={<IconEdit size={14} />} onClick={onEdit}
            aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          <Tooltip label="Preview">
            <ActionIcon variant="subtle" size="lg" aria-label={`Preview ${item.title}`} onClick={onPreview}>
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Revisions">
            <ActionIcon variant="subtle" size="lg" aria-label={`Revisions of ${item.title}`} onClick={onRevisions}>
              <IconHistory size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${item.title}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The time the cards are drawn at, moved on (and the list refetched) when the next
 * scheduled item goes out, so it shows as published without a reload.
 */
function useNextPublishClock(items: AdminItem[] | undefined, refetch: () => unknown) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = Math.min(...(items ?? [])
      .filter((i) => i.status === 'scheduled' && i.publishAt)
      .map((i) => Date.parse(i.publishAt!))
      .filter((t) => t > now));
    if (!Number.isFinite(next)) return;
    const timer = window.setTimeout(() => {
      setNow(Date.now());
      void refetch();
    }, Math.min(next - Date.now() + 250, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [items, now, refetch]);
  return now;
}

/** The Blog or Project tab: create form, item cards with inline edit and confirmed delete. */
export function ItemManager({ type }: { type: ItemType }) {
  const label = type === 'blog' ? 'Blog' : 'Project';
  const noun = label.toLowerCase();
  const alerts = contentAlerts(label);
  const items = useAdminItems({ type });
  useLiveRefresh(itemCollection(type), [adminItemsQueryKey(type)]);
  const remove = useDeleteItem();
  // A draft of a new item opens the create form so it is offered back.
  const [creating, setCreating] = useState(() => readDraft(draftKey(type)) !== null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminItem | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [history, setHistory] = useState<AdminItem | null>(null);
  const preview = useCreatePreview();
  const revoke = useRevokePreviews();
  const now = useNextPublishClock(items.data?.items, items.refetch);

  const openPreview = (item: AdminItem) => {
    // Opened now, in the click, so no popup blocker stops it; pointed at the link once it exists.
    const tab = window.open('', '_blank');
    preview.mutate({ type, id: item.id }, {
      onSuccess: (link) => {
        if (tab) tab.location.href = link.url;
        setNotice({ color: 'green', message: `Preview link for “${item.title}”, valid until ${localDateTime(link.expires)}:`, preview: { ...link, item } });
      },
      onError: () => {
        tab?.close();
        setNotice({ color: 'red', message: 'Failed to create a preview link' });
      },
    });
  };

  const onSaved = (item: AdminItem, message: string) => {
    setNotice({ color: 'green', message, item });
    setEditing(null);
    setCreating(false);
  };

  const list = items.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={2} size="h3">{label === 'Blog' ? 'Blogs' : 'Projects'}</Title>
          <Text size="sm" c="dimmed">
            {items.data ? `${items.data.items.filter((i) => isOut(i, now)).length} published · ${items.data.totalItems} in all` : ' '}
          </Text>
        </div>
        {!creating && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>New {noun}</Button>
        )}
      </Group>

      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
          <Group gap="sm">
            <Text size="sm">{notice.message}</Text>
            {notice.item && isOut(notice.item, now) && (
              <Anchor component={Link} to={itemHref(notice.item.type, notice.item.id)} size="sm">
                <Group gap={4} component="span">View on site <IconExternalLink size={14} /></Group>
              </Anchor>
            )}
            {notice.preview && (
              <>
                <Anchor href={notice.preview.url} target="_blank" size="sm" style={{ wordBreak: 'break-all' }}>{notice.preview.url}</Anchor>
                <Button size="compact-xs" variant="default" loading={revoke.isPending} onClick={() => {
                  const target = notice.preview!.item;
                  revoke.mutate({ type, id: target.id }, {
                    onSuccess: () => setNotice({ color: 'green', message: `Every preview link of “${target.title}” is revoked.` }),
                    onError: () => setNotice({ color: 'red', message: 'Failed to revoke the preview links' }),
                  });
                }}>
                  Revoke preview links
                </Button>
              </>
            )}
          </Group>
        </Alert>
      )}

      {creating && <ItemForm type={type} onSaved={onSaved} onCancel={() => setCreating(false)} />}

      {items.isPending ? (
        <Stack gap="sm">{[0, 1, 2].map((i) => <Skeleton key={i} h={90} radius="md" />)}</Stack>
      ) : list.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">No {noun}s yet. Write the first one.</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-label={`${label} list`}>
          {list.map((item) =>
            editing === item.id ? (
              <ItemForm key={item.id} type={type} item={item} onSaved={onSaved} onCancel={() => setEditing(null)} />
            ) : (
              <ItemCard key={item.id} item={item} now={now} onEdit={() => setEditing(item.id)} onDelete={() => setDeleting(item)}
                onPreview={() => openPreview(item)} onRevisions={() => setHistory(item)} />
            ),
          )}
        </Stack>
      )}

      {history && (
        <RevisionsPanel item={list.find((i) => i.id === history.id) ?? history} opened onClose={() => setHistory(null)}
          onRestored={(restored) => {
            setHistory(null);
            setNotice({ color: 'green', message: `“${restored.title}” is back to the chosen revision.`, item: restored });
          }} />
      )}

      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete this ${noun}?`}
        message={`“${deleting?.title ?? ''}” will be removed from the site. This cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { type, id: deleting.id },
            {
              onSuccess: () => setNotice({ color: 'green', message: alerts.deleted }),
              onError: (error) => {
                console.error(`Error deleting ${noun}:`, error);
                setNotice({ color: 'red', message: alerts.deleteFailed });
              },
              onSettled: () => setDeleting(null),
            },
          );
        }}
      />
    </Stack>
  );
}
