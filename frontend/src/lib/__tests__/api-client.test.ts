import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { api, ResponseError, withPocketBase } from '../api-client';
import { AUTH_STORAGE_KEY, clearAuth, getAuthToken, getSessionUser, subscribeAuth } from '../auth';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (exp: number) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'ann', exp })}.sig`;
const now = () => Math.floor(Date.now() / 1000);
// What the SDK's LocalAuthStore writes on sign-in.
const storeSession = (t: string) =>
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: t, record: { id: 'ann', email: 'ann@folio.test' } }));
const authHeader = (fetchMock: ReturnType<typeof mockFetch>) =>
  new Headers((fetchMock.mock.calls[0]?.[1] ?? {}).headers).get('Authorization');

describe('the session before the SDK loads', () => {
  it("reads the SDK's stored session and sends its token with every API call", async () => {
    const valid = token(now() + 3600);
    storeSession(valid);
    expect(getSessionUser()).toEqual({ id: 'ann', email: 'ann@folio.test', token: valid });
    const fetchMock = mockFetch({ 'GET /api/blogs/b1': { id: 'b1', liked: true } });
    await expect(api('/api/blogs/b1')).resolves.toEqual({ id: 'b1', liked: true });
    expect(authHeader(fetchMock)).toBe(valid);
  });

  it('treats an expired token as signed out and sends no Authorization', async () => {
    storeSession(token(now() - 10));
    expect(getAuthToken()).toBe('');
    expect(getSessionUser()).toBeNull();
    const fetchMock = mockFetch({ 'GET /api/profile': {} });
    await api('/api/profile');
    expect(authHeader(fetchMock)).toBeNull();
  });

  it('signs out and tells the subscribers', () => {
    storeSession(token(now() + 3600));
    const listener = vi.fn();
    const unsubscribe = subscribeAuth(listener);
    clearAuth();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(getAuthToken()).toBe('');
    unsubscribe();
  });
});

describe('api', () => {
  it('sends the query without empty values and a JSON body', async () => {
    const fetchMock = mockFetch({ 'POST /api/view/b1': (url: URL, init: RequestInit) => json({ q: url.search, body: init.body }) });
    const answer = await api('/api/view/b1', { method: 'POST', query: { page: 2, q: 'a b', tag: undefined }, body: { userId: 'anonymous' } });
    expect(answer).toEqual({ q: '?page=2&q=a+b', body: '{"userId":"anonymous"}' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws PocketBase's error body as a ResponseError", async () => {
    mockFetch({ 'GET /api/blogs/none': () => json({ status: 404, message: 'Blog not found.', data: {} }, 404) });
    const error = await api('/api/blogs/none').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 404, message: 'Blog not found.' });
  });

  it('answers status 0 when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/api/profile')).rejects.toMatchObject({ status: 0 });
  });
});

describe('withPocketBase', () => {
  it("turns the SDK's errors into ResponseErrors", async () => {
    mockFetch({
      'POST /api/collections/users/auth-with-password': () =>
        json({ status: 400, message: 'Failed to authenticate.', data: {} }, 400),
    });
    const error = await withPocketBase((pb) => pb.collection('users').authWithPassword('a@b.c', 'wrong')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 400, message: 'Failed to authenticate.' });
  });
});
