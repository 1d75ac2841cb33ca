import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import { ArchiveList } from '@/features/archives/components/archive-list';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ArchivesRoute() {
  usePageTitle('Archives');
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Archives
      </Title>
      <ArchiveList />
    </>
  );
}
