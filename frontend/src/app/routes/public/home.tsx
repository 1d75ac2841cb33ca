import '@mantine/core/styles/Title.layer.css';
import { Box, Title } from '@mantine/core';
import { useContent } from '@/features/items/api/get-content';
import { ItemList } from '@/features/items/components/item-list';
import { usePageParam } from '@/features/items/hooks/use-page-param';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { PAGE_SIZE } from '@/config/constants';
import { usePageTitle } from '@/hooks/use-page-title';

export default function HomeRoute() {
  usePageTitle();
  const [page, setPage] = usePageParam();
  const query = useContent({ params: { page, perPage: PAGE_SIZE } });
  return (
    <>
      {/* Below 850 px the left sidebar is hidden, so the profile leads the page. */}
      <Box hiddenFrom="md" mb="lg">
        <ProfileCard layout="row" />
      </Box>
      <Title order={1} size="h2" mb="md">
        Latest posts and projects
      </Title>
      <ItemList query={query} page={page} onPageChange={setPage} />
    </>
  );
}
