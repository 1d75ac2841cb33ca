import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Badge, Group, Text } from '@mantine/core';
import type { AdminItem } from '@/types/api';

/** A date and time in the owner's own time zone, e.g. "Nov 28, 2026, 9:30 AM". */
export const localDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Whether a scheduled item has gone out by `now` (it is then public, like a published one). */
export const isOut = (item: Pick<AdminItem, 'status' | 'publishAt'>, now = Date.now()) =>
  item.status === 'published' || (item.status === 'scheduled' && item.publishAt !== null && Date.parse(item.publishAt) <= now);

/** The item card's status: Published, Draft, or Scheduled with when it goes out. */
export function PublishStatus({ item, now }: { item: Pick<AdminItem, 'status' | 'publishAt'>; now: number }) {
  if (isOut(item, now)) {
    return <Badge size="xs" color="blue" variant="light" tt="none">Published</Badge>;
  }
  if (item.status === 'scheduled' && item.publishAt) {
    return (
      <Group gap={6} wrap="wrap">
        <Badge size="xs" color="violet" variant="light" tt="none" style={{ flex: 'none' }}>Scheduled</Badge>
        <Text size="xs" c="dimmed">Goes out {localDateTime(item.publishAt)}</Text>
      </Group>
    );
  }
  return <Badge size="xs" color="gray" variant="light" tt="none">Draft</Badge>;
}
