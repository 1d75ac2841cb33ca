import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RECENT_ITEMS_COUNT, TRUNCATE } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { formatShortDate, truncate } from '@/lib/format';
import { useContent } from '../api/get-content';

/** The newest items of both kinds, titles cut at 28 characters. */
export function RecentlyUpdated() {
  const { data, isPending } = useContent({ params: { perPage: RECENT_ITEMS_COUNT } });
  const items = (data?.items ?? []).slice(0, RECENT_ITEMS_COUNT);
  return (
    <section aria-labelledby="recently-updated-heading">
      <Title order={2} size="h5" id="recently-updated-heading" mb="sm">
        Recently Updated
      </Title>
      {isPending ? (
        <Stack gap="xs" aria-hidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={12} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Stack component="ul" gap={8} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group component="li" key={`${item.type}-${item.id}`} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={itemHref(item.type, item.id)} size="sm" title={item.title} c="var(--mantine-color-text)">
                {truncate(item.title, TRUNCATE.recentTitle)}
              </Anchor>
              <Text size="xs" c="dimmed" component="time" dateTime={item.date} style={{ whiteSpace: 'nowrap' }}>
                {formatShortDate(item.date)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}
