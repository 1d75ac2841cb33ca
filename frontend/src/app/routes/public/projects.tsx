import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import { PAGE_SIZE } from '@/config/constants';
import { useProjects } from '@/features/items/api/get-projects';
import { ItemList } from '@/features/items/components/item-list';
import { usePageParam } from '@/features/items/hooks/use-page-param';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ProjectsRoute() {
  usePageTitle('Projects');
  const [page, setPage] = usePageParam();
  const query = useProjects({ params: { page, perPage: PAGE_SIZE } });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Projects
      </Title>
      <ItemList query={query} page={page} onPageChange={setPage} emptyText="No projects yet." />
    </>
  );
}
