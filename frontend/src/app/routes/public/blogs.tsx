import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import { PAGE_SIZE } from '@/config/constants';
import { useBlogs } from '@/features/items/api/get-blogs';
import { ItemList } from '@/features/items/components/item-list';
import { usePageParam } from '@/features/items/hooks/use-page-param';
import { usePageTitle } from '@/hooks/use-page-title';

export default function BlogsRoute() {
  usePageTitle('Blogs');
  const [page, setPage] = usePageParam();
  const query = useBlogs({ params: { page, perPage: PAGE_SIZE } });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Blogs
      </Title>
      <ItemList query={query} page={page} onPageChange={setPage} emptyText="No blog posts yet." />
    </>
  );
}
