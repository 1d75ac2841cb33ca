import { Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ItemCard } from '@/components/item-card';
import { Loading } from '@/components/loading';
import { useTag } from '../api/get-tag';
import { useTags } from '../api/get-tags';

function TaggedItems({ name }: { name: string }) {
  const { data, isPending, isError } = useTag({ name });
  if (isPending) return <Loading />;
  if (isError) return <Text c="dimmed">No items carry this tag.</Text>;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Tagged “{data.name}”
      </Title>
      {data.items.map((item) => (
        <ItemCard key={`${item.type}-${item.id}`} item={item} headingLevel={3} />
      ))}
    </Stack>
  );
}

/** Every tag with its count; selecting one (or `?tag=`) lists its items. */
export function TagBrowser() {
  const { data, isPending } = useTags();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('tag') ?? '';

  const toggle = (name: string) =>
    setSearchParams(name === selected ? {} : { tag: name }, { preventScrollReset: true });

  if (isPending) return <Loading />;
  if (!data || data.length === 0) return <Text c="dimmed">No tags yet.</Text>;
  return (
    <Stack gap="xl">
      <Group gap="xs" role="group" aria-label="Tags">
        {data.map((tag) => (
          <Chip key={tag.name} checked={tag.name === selected} onChange={() => toggle(tag.name)} variant="outline">
            {tag.name} ({tag.count})
          </Chip>
        ))}
      </Group>
      {selected && <TaggedItems name={selected} />}
    </Stack>
  );
}
