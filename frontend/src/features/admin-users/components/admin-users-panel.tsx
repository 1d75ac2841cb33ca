import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import { Alert, Badge, Button, Chip, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ADMIN_LIST_HEIGHT } from '@/config/constants';
import { useLiveRefresh } from '@/hooks/use-live-refresh';
import type { AdminUser, AdminUserStatus } from '@/types/api';
import { adminUsersQueryKey, useAdminUsers, useSetAdminUserStatus } from '../api/admin-users';

const STATUS_COLOR: Record<string, string> = { approved: 'green', pending: 'yellow', rejected: 'orange', removed: 'red' };

/** Approve, Reject, Remove: each shows only when the account's status differs from it. */
const ACTIONS: { status: AdminUserStatus; label: string; color: string; variant: string }[] = [
  { status: 'approved', label: 'Approve', color: 'green', variant: 'light' },
  { status: 'rejected', label: 'Reject', color: 'orange', variant: 'subtle' },
  { status: 'removed', label: 'Remove', color: 'red', variant: 'subtle' },
];

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

function lastAttempts(u: AdminUser) {
  if (u.loginAttempts.length === 0) return '—';
  const latest = u.loginAttempts[0];
  const failed = u.loginAttempts.filter((a) => !a.success).length;
  return `${u.loginAttempts.length} (${failed} failed), last ${when(latest?.timestamp)}`;
}

/** The status filter, Pending first: readers who registered to like must not bury the admins awaiting approval. */
const FILTERS: { value: 'all' | AdminUserStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'removed', label: 'Removed' },
  { value: 'all', label: 'All' },
];

/** Reject and Remove ask first, naming the account; Approve acts at once. */
const CONFIRM: Partial<Record<AdminUserStatus, (email: string) => { title: string; message: string }>> = {
  rejected: (email) => ({ title: `Reject ${email}?`, message: `${email} will not reach the dashboard. They can still sign in, like and comment.` }),
  removed: (email) => ({ title: `Remove ${email}?`, message: `${email} will no longer be able to sign in.` }),
};

type Pending = { user: AdminUser; action: (typeof ACTIONS)[number] };

function Row({ user, self, onAction }: { user: AdminUser; self: boolean; onAction: (p: Pending) => void }) {
  const setStatus = useSetAdminUserStatus();
  const place = [user.location.city, user.location.country].filter(Boolean).join(', ') || '—';
  const blocked = user.blockedUntil && new Date(user.blockedUntil) > new Date() ? when(user.blockedUntil) : '—';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>{user.email}</Text>
        {user.isSuperAdmin && <Badge size="xs" variant="outline" mt={2}>Super admin</Badge>}
      </Table.Td>
      <Table.Td miw={120}>
        {/* The whole word, never "approv…". */}
        <Badge color={STATUS_COLOR[user.status] ?? 'gray'} variant="dot" tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
          {user.status}
        </Badge>
      </Table.Td>
      <Table.Td><Text size="sm">{place}</Text></Table.Td>
      <Table.Td><Text size="sm">{user.deviceInfo || '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{user.browserInfo || '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{lastAttempts(user)}</Text></Table.Td>
      <Table.Td><Text size="sm">{blocked}</Text></Table.Td>
      <Table.Td>
        {self ? (
          <Text size="xs" c="dimmed">You</Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            {ACTIONS.filter((a) => a.status !== user.status).map((a) => (
              <Button key={a.status} size="compact-xs" color={a.color} variant={a.variant}
                loading={setStatus.isPending && setStatus.variables?.status === a.status}
                aria-label={`${a.label} ${user.email}`}
                onClick={() => (CONFIRM[a.status] ? onAction({ user, action: a }) : setStatus.mutate({ id: user.id, status: a.status }))}>
                {a.label}
              </Button>
            ))}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Admin Management (super admins): every account, with its status controls; live. */
export function AdminUsersPanel({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  useLiveRefresh('users', [adminUsersQueryKey]);
  const list = useMemo(() => users.data ?? [], [users.data]);
  const pending = list.filter((u) => u.status === 'pending').length;
  const [filter, setFilter] = useState<'all' | AdminUserStatus>('pending');
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<Pending | null>(null);
  const setStatus = useSetAdminUserStatus();
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return list.filter((u) => (filter === 'all' || u.status === filter) && (!q || u.email.toLowerCase().includes(q)));
  }, [list, filter, search]);
  const counts = (value: 'all' | AdminUserStatus) => (value === 'all' ? list.length : list.filter((u) => u.status === value).length);
  const question = asking ? CONFIRM[asking.action.status]?.(asking.user.email) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">Admin Management</Title>
          <Text size="sm" c="dimmed">{users.data ? `${list.length} ${list.length === 1 ? 'account' : 'accounts'} · ${pending} awaiting approval` : ' '}</Text>
        </div>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Chip.Group value={filter} onChange={(v) => setFilter(v as typeof filter)}>
          <Group gap={6} wrap="wrap" role="radiogroup" aria-label="Show accounts by status">
            {FILTERS.map((f) => (
              <Chip key={f.value} value={f.value} size="sm" variant="outline">{`${f.label} (${counts(f.value)})`}</Chip>
            ))}
          </Group>
        </Chip.Group>
        <TextInput size="xs" type="search" label="Search by email" placeholder="name@example.com" value={search}
          leftSection={<IconSearch size={14} aria-hidden />} onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', xs: 240 }} />
      </Group>
      {users.isError && <Alert color="red" variant="light">The accounts could not be loaded.</Alert>}
      <Paper withBorder radius="md">
        {users.isPending ? (
          <Skeleton h={240} />
        ) : (
          <ScrollArea.Autosize mah={ADMIN_LIST_HEIGHT} type="auto" tabIndex={0} aria-label="Admin accounts">
            <Table miw={980} stickyHeader verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Browser</Table.Th>
                  <Table.Th>Last attempts</Table.Th>
                  <Table.Th>Blocked until</Table.Th>
                  <Table.Th><Tooltip label="Approve, reject or remove"><span>Actions</span></Tooltip></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((u) => <Row key={u.id} user={u} self={u.id === currentUserId} onAction={setAsking} />)}
              </Table.Tbody>
            </Table>
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" p="md">
                {search.trim() ? `No ${filter === 'all' ? '' : `${filter} `}account matches “${search.trim()}”.` : `No ${filter === 'all' ? '' : `${filter} `}accounts.`}
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
      </Paper>
      <ConfirmDialog
        opened={!!asking}
        title={question?.title ?? ''}
        message={question?.message ?? ''}
        confirmLabel={asking?.action.label ?? ''}
        loading={setStatus.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          setStatus.mutate({ id: asking.user.id, status: asking.action.status }, { onSettled: () => setAsking(null) });
        }}
      />
    </Stack>
  );
}
