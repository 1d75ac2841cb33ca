import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ItemCard } from '@/components/item-card';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { PAGE_SIZE } from '@/config/constants';
import { useDeferredQuery } from '@/lib/react-query';
import type { ItemSummary, ListEnvelope } from '@/types/api';

type ItemListProps = {
  query: UseQueryResult<ListEnvelope<ItemSummary>>;
  page: number;
  onPageChange: (page: number) => void;
  emptyText?: string;
};

/** A page of item cards; the pager shows only when there is more than one page's worth. */
export function ItemList({ query, page, onPageChange, emptyText = 'Nothing here yet.' }: ItemListProps) {
  const { data, isPending, isError, error } = useDeferredQuery(query);

  useEffect(() => {
    // The spec: list failures are logged and leave the list empty.
    if (isError) console.error('Error loading list:', error);
  }, [isError, error]);

  if (isPending) return <Loading />;

  const items = data?.items ?? [];
  return (
    <>
      {items.length === 0 ? (
        <Text c="dimmed" py="md">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="md">
          {items.map((item) => (
            <ItemCard key={`${item.type}-${item.id}`} item={item} />
          ))}
        </Stack>
      )}
      {data && data.totalItems > PAGE_SIZE && (
        <Pager page={page} totalPages={Math.max(data.totalPages, page)} onChange={onPageChange} />
      )}
    </>
  );
}
