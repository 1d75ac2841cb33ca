import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { TRUNCATE } from '@/config/constants';
import { paths } from '@/config/paths';
import { pluralize, truncate } from '@/lib/format';
import { useCategories } from '../api/get-categories';

/** One card per main category with its item and sub-category counts. */
export function CategoryList() {
  const { data, isPending, isError } = useCategories();
  if (isPending) return <Loading />;
  if (isError || data.length === 0) return <Text c="dimmed">No categories yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {data.map((category) => (
        <Card key={category.name} withBorder padding="lg" component="section" aria-label={category.name}>
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Title order={2} size="h4">
              <Anchor component={Link} to={paths.categories.getHref({ category: category.name })} c="var(--mantine-color-text)">
                {category.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {pluralize(category.count, 'item')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {pluralize(category.subcategories.length, 'sub-category', 'sub-categories')}
          </Text>
          {category.subcategories.length > 0 && (
            <Group gap="xs" mt="sm">
              {category.subcategories.map((sub) => (
                <Anchor
                  key={sub.name}
                  component={Link}
                  to={paths.categories.getHref({ main: category.name, sub: sub.name })}
                  size="sm"
                  title={sub.name}
                >
                  {truncate(sub.name, TRUNCATE.subcategoryName)} ({sub.count})
                </Anchor>
              ))}
            </Group>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
