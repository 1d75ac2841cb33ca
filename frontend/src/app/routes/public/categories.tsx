import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import { CategoryList } from '@/features/categories/components/category-list';
import { usePageTitle } from '@/hooks/use-page-title';

export default function CategoriesRoute() {
  usePageTitle('Categories');
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Categories
      </Title>
      <CategoryList />
    </>
  );
}
