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
import { Alert, Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
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

function Row({ user, self }: { user: AdminUser; self: boolean }) {
  const setStatus = useSetAdminUserStatus();
  const place = [user.location.city, user.location.country].filter(Boolean).join(', ') || '—';
  const blocked = user.blockedUntil && new Date(user.blockedUntil) > new Date() ? when(user.blockedUntil) : '—';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>{user.email}</Text>
        {user.isSuperAdmin && <Badge size="xs" variant="outline" mt={2}>Super admin</Badge>}
      </Table.Td>
      <Table.Td><Badge color={STATUS_COLOR[user.status] ?? "gray"} variant="dot" tt="none">{user.status}</Badge></Table.Td>
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
                onClick={() => setStatus.mutate({ id: user.id, status: a.status })}>
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
  const list = users.data ?? [];
  const pending = list.filter((u) => u.status === 'pending').length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h3">Admin Management</Title>
          <Text size="sm" c="dimmed">{users.data ? `${list.length} ${list.length === 1 ? 'account' : 'accounts'} · ${pending} awaiting approval` : ' '}</Text>
        </div>
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
                {list.map((u) => <Row key={u.id} user={u} self={u.id === currentUserId} />)}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </Stack>
  );
}
