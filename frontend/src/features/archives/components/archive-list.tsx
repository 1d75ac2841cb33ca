import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Stack, Text, Title } from '@mantine/core';
import { ItemRows } from '@/components/item-rows';
import { Loading } from '@/components/loading';
import { TRUNCATE } from '@/config/constants';
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
          <ItemRows items={year.items} titleMax={TRUNCATE.archiveTitle} dateStyle="day" />
        </section>
      ))}
    </Stack>
  );
}
