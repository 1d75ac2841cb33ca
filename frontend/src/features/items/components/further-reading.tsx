import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FURTHER_READING_COUNT, TRUNCATE } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { formatDate, truncate } from '@/lib/format';
import type { ItemType } from '@/types/api';
import { useBlogs } from '../api/get-blogs';
import { useProjects } from '../api/get-projects';
import classes from '@/components/item-card.module.css';

/**
 * Up to three other items of the same type, newest first. On a blog it is also the spec's
 * "three other recent blogs": one section, not two.
 */
export function FurtherReading({ type, currentId }: { type: ItemType; currentId: string }) {
  // One more than shown, in case the current item is among the newest.
  const params = { perPage: FURTHER_READING_COUNT + 1 };
  const blogs = useBlogs({ params, queryConfig: { enabled: type === 'blog' } });
  const projects = useProjects({ params, queryConfig: { enabled: type === 'project' } });
  const items = ((type === 'blog' ? blogs.data : projects.data)?.items ?? [])
    .filter((item) => item.id !== currentId)
    .slice(0, FURTHER_READING_COUNT);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="further-reading-heading" className="further-reading">
      <Title order={2} size="h4" id="further-reading-heading" mb="md">
        Further Reading
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {items.map((item) => (
          <Card key={item.id} withBorder padding="md" component="article" className={classes.card}>
            <Text component="time" dateTime={item.date} size="xs" c="dimmed">
              {formatDate(item.date)}
            </Text>
            <Title order={3} size="h5" mt={4} mb={6}>
              <Link to={itemHref(item.type, item.id)} className="item-card-link" title={item.title}>
                {truncate(item.title, TRUNCATE.furtherReadingTitle)}
              </Link>
            </Title>
            <Text size="sm" c="dimmed">
              {truncate(item.excerpt, TRUNCATE.furtherReadingDescription)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
