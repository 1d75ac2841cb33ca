import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { TRUNCATE } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { formatShortDate, truncate } from '@/lib/format';
import { useArchives } from '../api/get-archives';

/** Items grouped by year, newest first (the server's order). */
export function ArchiveList() {
  const { data, isPending, isError } = useArchives();
  if (isPending) return <Loading />;
  if (isError || data.length === 0) return <Text c="dimmed">Nothing archived yet.</Text>;
  return (
    <Stack gap="xl">
      {data.map((year) => (
        <section key={year.year} aria-labelledby={`year-${year.year}`}>
          <Title order={2} size="h3" id={`year-${year.year}`} mb="sm">
            {year.year}
          </Title>
          <Stack component="ul" gap={8} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {year.items.map((item) => (
              <Group component="li" key={`${item.type}-${item.id}`} gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed" component="time" dateTime={item.date} w={56} style={{ flex: '0 0 auto' }}>
                  {formatShortDate(item.date)}
                </Text>
                <Badge variant="light" size="sm" w={72} style={{ flex: '0 0 auto' }}>
                  {item.type === 'project' ? 'Project' : 'Blog'}
                </Badge>
                <Anchor component={Link} to={itemHref(item.type, item.id)} size="sm" title={item.title}>
                  {truncate(item.title, TRUNCATE.archiveTitle)}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
