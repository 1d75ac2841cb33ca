import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import {
  ActionIcon, Badge, Button, Group, Input, Paper, SegmentedControl, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormError } from '@/components/form-error';
import { parseApiError } from '@/lib/errors';
import { useCreateRedirect, useDeleteRedirect, useRedirects, type Redirect } from '../api/redirects';
import classes from './move-panel.module.css';

function AddRedirectForm() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [code, setCode] = useState<'301' | '302'>('301');
  const create = useCreateRedirect();
  const err = create.error ? parseApiError(create.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { from: from.trim(), to: to.trim(), code: Number(code) as 301 | 302 },
      {
        onSuccess: () => {
          setFrom('');
          setTo('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a redirect">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="From" description="An old path on this site" placeholder="/2019/05/old-post/" value={from}
            onChange={(e) => setFrom(e.currentTarget.value)} error={err?.fieldErrors.from} required style={{ flex: '1 1 200px' }} />
          <TextInput label="To" description="A path or a full URL" placeholder="/blogs/abc123" value={to}
            onChange={(e) => setTo(e.currentTarget.value)} error={err?.fieldErrors.to} required style={{ flex: '1 1 200px' }} />
          <Input.Wrapper label="Code" description="Permanent or temporary" error={err?.fieldErrors.code}>
            <SegmentedControl value={code} onChange={(v) => setCode(v as '301' | '302')} aria-label="Redirect code"
              data={[{ value: '301', label: '301' }, { value: '302', label: '302' }]} />
          </Input.Wrapper>
        </Group>
        <Group>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>Add redirect</Button>
        </Group>
        <FormError message={err && Object.keys(err.fieldErrors).length === 0 ? err.message : ''} />
      </Stack>
    </form>
  );
}

function DeleteButton({ r, onDelete }: { r: Redirect; onDelete: (r: Redirect) => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={`Delete the redirect from ${r.from}`} onClick={() => onDelete(r)}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** Phones: one block per redirect, nothing to scroll sideways. */
function RedirectList({ list, onDelete }: { list: Redirect[]; onDelete: (r: Redirect) => void }) {
  return (
    <Stack component="ul" gap="xs" aria-label="Redirects" className={classes.problems} hiddenFrom="sm">
      {list.map((r) => (
        <li key={r.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div className={classes.grow}>
              <Text size="sm" ff="monospace" className={classes.wrap}>{r.from}</Text>
              <Text size="sm" c="dimmed" ff="monospace" className={classes.wrap}>→ {r.to}</Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <Badge variant="light" color={r.code === 301 ? 'blue' : 'gray'}>{r.code}</Badge>
              <DeleteButton r={r} onDelete={onDelete} />
            </Group>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function RedirectRows({ list, onDelete }: { list: Redirect[]; onDelete: (r: Redirect) => void }) {
  return (
    <Table.ScrollContainer minWidth={480} visibleFrom="sm">
      <Table striped highlightOnHover withTableBorder aria-label="Redirects">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td><Text size="sm" ff="monospace" className={classes.wrap}>{r.from}</Text></Table.Td>
              <Table.Td><Text size="sm" ff="monospace" className={classes.wrap}>{r.to}</Text></Table.Td>
              <Table.Td><Badge variant="light" color={r.code === 301 ? 'blue' : 'gray'}>{r.code}</Badge></Table.Td>
              <Table.Td><DeleteButton r={r} onDelete={onDelete} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The site's redirects: old paths answered with a 301 or 302 where the site would say 404. */
export function RedirectsCard() {
  const redirects = useRedirects();
  const remove = useDeleteRedirect();
  const [pending, setPending] = useState<Redirect | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="redirects-title">
      <ConfirmDialog
        opened={pending !== null}
        title="Delete this redirect?"
        message={pending ? `${pending.from} will answer “not found” again.` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="redirects-title">Redirects</Title>
          <Text size="sm" c="dimmed">Old URLs and where they lead. Imports add one for every old post URL.</Text>
        </div>
        {redirects.isPending ? (
          <Skeleton height={80} />
        ) : redirects.error ? (
          <FormError message={parseApiError(redirects.error).message} />
        ) : redirects.data.length === 0 ? (
          <Text size="sm" c="dimmed">No redirects yet.</Text>
        ) : (
          <>
            <RedirectRows list={redirects.data} onDelete={setPending} />
            <RedirectList list={redirects.data} onDelete={setPending} />
          </>
        )}
        <FormError message={remove.error ? parseApiError(remove.error).message : ''} />
        <AddRedirectForm />
      </Stack>
    </Paper>
  );
}
