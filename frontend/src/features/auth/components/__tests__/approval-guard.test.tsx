import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { json, mockFetch } from '@/test/mock-fetch';
import { createTestQueryClient, render, screen } from '@/test/test-utils';
import { useLogout } from '../../api/login';
import { ApprovalGuard } from '../approval-guard';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
// One expiry for the whole file: a token built again a second later would differ.
const EXP = Math.floor(Date.now() / 1000) + 3600;
const token = (id: string) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id, exp: EXP })}.sig`;
const signInAs = (id: string) =>
  pb.authStore.save(token(id), { id, email: `${id}@folio.test`, collectionId: 'users', collectionName: 'users' } as never);

const Guarded = () => (
  <ApprovalGuard>{(a) => <p>Dashboard for {pb.authStore.record?.email} {a.isSuperAdmin ? '(super)' : ''}</p>}</ApprovalGuard>
);

afterEach(() => pb.authStore.clear());

describe('ApprovalGuard', () => {
  it('re-checks approval whenever the signed-in account changes', async () => {
    const calls: string[] = [];
    mockFetch({
      'POST /api/admin/check-approval': (_url: URL, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization') ?? '';
        calls.push(auth);
        return auth === token('ann')
          ? json({ approved: true, message: '', isSuperAdmin: true, status: 'approved' })
          : json({ approved: false, message: 'Access denied. Awaiting super admin approval.', isSuperAdmin: false, status: 'pending' }, 403);
      },
    });
    signInAs('ann');
    render(<Guarded />, { route: '/admin', path: '/admin' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Dashboard for ann@folio.test (super)'), JSON.stringify(calls)).toBeInTheDocument();

    act(() => signInAs('bob'));
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
    expect(calls).toEqual([token('ann'), token('bob')]);
  });

  it('logs a failed check and treats it as not approved', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'POST /api/admin/check-approval': () => json({ status: 500, message: 'boom', data: {} }, 500) });
    signInAs('cy');
    render(<Guarded />, { route: '/admin', path: '/admin' });
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Error checking approval:', expect.anything());
  });

  it('sends a signed-out visitor to /login without asking the server', async () => {
    const fetchMock = mockFetch({});
    render(<Guarded />, { route: '/admin', path: '/admin' });
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useLogout', () => {
  it('clears the session and every cached answer', () => {
    signInAs('ann');
    const client = createTestQueryClient();
    client.setQueryData(['approval', 'ann'], { approved: true });
    client.setQueryData(['blogs', 'admin'], { items: [] });
    const { result } = renderHook(() => useLogout(), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    act(() => result.current());
    expect(pb.authStore.isValid).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
