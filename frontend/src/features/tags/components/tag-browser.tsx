import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
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
    <Stack gap="md" component="section" aria-labelledby="tagged-heading">
      <Title order={2} size="h4" id="tagged-heading">
        Tagged “{data.name}”
      </Title>
      {data.items.map((item) => (
        <ItemCard key={`${item.type}-${item.id}`} item={item} headingLevel={3} />
      ))}
    </Stack>
  );
}

/** Every tag as a toggle button with its count; pressing one (or `?tag=`) lists its items. */
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
        {data.map((tag) => {
          const pressed = tag.name === selected;
          return (
            <Button
              key={tag.name}
              variant={pressed ? 'filled' : 'default'}
              radius="xl"
              size="compact-md"
              aria-pressed={pressed}
              onClick={() => toggle(tag.name)}
              rightSection={
                <Badge size="sm" circle={tag.count < 10} variant={pressed ? 'white' : 'light'} aria-hidden>
                  {tag.count}
                </Badge>
              }
              aria-label={`${tag.name} (${tag.count})`}
            >
              {tag.name}
            </Button>
          );
        })}
      </Group>
      {selected && <TaggedItems name={selected} />}
    </Stack>
  );
}
