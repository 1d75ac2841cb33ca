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
import { IconEdit, IconExternalLink, IconEye, IconHeart, IconMessage, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { contentAlerts } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { readDraft, draftKey } from '@/lib/drafts';
import { formatDate } from '@/lib/format';
import { useLiveRefresh } from '@/hooks/use-live-refresh';
import type { ItemDetail, ItemType } from '@/types/api';
import { adminItemsQueryKey, itemCollection, useAdminItems } from '../api/get-admin-items';
import { useDeleteItem } from '../api/delete-item';
import { ItemForm } from './item-form';

type Notice = { color: 'green' | 'red'; message: string; item?: ItemDetail };

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

function ItemCard({ item, onEdit, onDelete }: { item: ItemDetail; onEdit: () => void; onDelete: () => void }) {
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
          </Group>
          <Group gap="md">
            <Stat icon={IconEye} value={item.viewCount} label="views" />
            <Stat icon={IconHeart} value={item.likeCount} label="likes" />
            <Stat icon={IconMessage} value={item.commentCount} label="comments" />
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <Button variant="default" size="xs" leftSection={<IconEdit size={14} />} onClick={onEdit}
            aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
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
  const [deleting, setDeleting] = useState<ItemDetail | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const onSaved = (item: ItemDetail, message: string) => {
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
          <Text size="sm" c="dimmed">{items.data ? `${items.data.totalItems} published` : ' '}</Text>
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
            {notice.item && (
              <Anchor component={Link} to={itemHref(notice.item.type, notice.item.id)} size="sm">
                <Group gap={4} component="span">View on site <IconExternalLink size={14} /></Group>
              </Anchor>
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
              <ItemCard key={item.id} item={item} onEdit={() => setEditing(item.id)} onDelete={() => setDeleting(item)} />
            ),
          )}
        </Stack>
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
