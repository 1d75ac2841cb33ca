import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Group, Text, Title } from '@mantine/core';
import { TagBadge } from '@/components/tag-badge';
import { TRENDING_TAGS_COUNT } from '@/config/constants';
import { useTags } from '../api/get-tags';

/** The most used tags (the server orders them by count, then by latest use). */
export function TrendingTags() {
  const { data, isPending } = useTags();
  const tags = (data ?? []).slice(0, TRENDING_TAGS_COUNT);
  return (
    <section aria-labelledby="trending-tags-heading">
      <Title order={2} size="h5" id="trending-tags-heading" mb="sm">
        Trending Tags
      </Title>
      {!isPending && tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tags yet.
        </Text>
      ) : (
        <Group gap={6}>
          {tags.map((tag) => (
            <TagBadge key={tag.name} tag={tag.name} />
          ))}
        </Group>
      )}
    </section>
  );
}
