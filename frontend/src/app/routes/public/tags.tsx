import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import { TagBrowser } from '@/features/tags/components/tag-browser';
import { usePageTitle } from '@/hooks/use-page-title';

export default function TagsRoute() {
  usePageTitle('Tags');
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Tags
      </Title>
      <TagBrowser />
    </>
  );
}
