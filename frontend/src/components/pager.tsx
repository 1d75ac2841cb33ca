import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import { Button, Group, Pagination } from '@mantine/core';

type PagerProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
};

/** Previous, numbered pages and Next. */
export function Pager({ page, totalPages, onChange }: PagerProps) {
  return (
    <Pagination.Root
      total={totalPages}
      value={page}
      onChange={onChange}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
    >
      <Group component="nav" aria-label="Pagination" gap={6} justify="center" mt="xl" wrap="wrap">
        <Button variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Pagination.Items />
        <Button variant="default" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Group>
    </Pagination.Root>
  );
}
