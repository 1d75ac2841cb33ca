import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Accordion, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ItemRows } from '@/components/item-rows';
import { Loading } from '@/components/loading';
import { TRUNCATE } from '@/config/constants';
import { categoryParams, readCategoryParams } from '@/config/paths';
import { pluralize, truncate } from '@/lib/format';
import type { CategorySummary } from '@/types/api';
import { useCategories } from '../api/get-categories';
import { useCategory } from '../api/get-category';
import classes from './category-list.module.css';

/** The open category's sub-categories (with their items), or its items when it has none. */
function CategoryPanel({ category, openSub, onSubChange }: {
  category: CategorySummary;
  openSub: string | null;
  onSubChange: (sub: string | null) => void;
}) {
  const { data, isPending, isError } = useCategory({ name: category.name });
  if (isPending) return <Skeleton height={60} aria-label="Loading items" />;
  if (isError) return <Text c="dimmed" size="sm">No items in this category.</Text>;

  if (data.subcategories.length === 0) {
    return <ItemRows items={data.items} titleMax={TRUNCATE.categoryItemTitle} />;
  }
  // Items filed under the main category alone would otherwise not be listed anywhere.
  const direct = data.items.filter((item) => item.categories.length === 1);
  return (
    <Stack gap="sm">
      <Accordion value={openSub} onChange={onSubChange} variant="filled" chevronPosition="left" classNames={{ control: classes.subControl }}>
        {data.subcategories.map((sub) => (
          <Accordion.Item key={sub.name} value={sub.name}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} title={sub.name} className={classes.name}>
                  {truncate(sub.name, TRUNCATE.subcategoryName)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.count}>
                  {pluralize(sub.count, 'item')}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ItemRows items={sub.items} titleMax={TRUNCATE.categoryItemTitle} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {direct.length > 0 && (
        <Stack gap={6} px="md">
          <Text size="xs" c="dimmed" fw={600}>
            In {category.name} only
          </Text>
          <ItemRows items={direct} titleMax={TRUNCATE.categoryItemTitle} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * One card per main category. Opening one lists its sub-categories with counts, or its
 * items; opening a sub-category lists its items. The URL holds what is open
 * (`?category=X&open=true`, `?main=X&sub=Y&openSub=true`), so back and sharing work.
 */
export function CategoryList() {
  const { data, isPending, isError } = useCategories();
  const [searchParams, setSearchParams] = useSearchParams();
  const { main, sub } = readCategoryParams(searchParams);

  const go = (next: Parameters<typeof categoryParams>[0]) =>
    setSearchParams(categoryParams(next), { preventScrollReset: true });

  if (isPending) return <Loading />;
  if (isError || data.length === 0) return <Text c="dimmed">No categories yet.</Text>;
  return (
    <Accordion
      value={main}
      onChange={(value) => go(value ? { category: value } : undefined)}
      variant="separated"
      radius="md"
      classNames={{ item: classes.item, control: classes.control }}
    >
      {data.map((category) => (
        <Accordion.Item key={category.name} value={category.name}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={700} className={classes.name}>
                {category.name}
              </Text>
              <Text size="sm" c="dimmed" className={classes.count}>
                {category.subcategories.length > 0 &&
                  `${pluralize(category.subcategories.length, 'sub-category', 'sub-categories')} · `}
                {pluralize(category.count, 'item')}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {main === category.name && (
              <CategoryPanel
                category={category}
                openSub={sub}
                onSubChange={(value) => go(value ? { main: category.name, sub: value } : { category: category.name })}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
