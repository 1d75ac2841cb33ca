import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveRefresh } from '../use-live-refresh';

// The realtime subscription: the test fires its events.
let fire: (() => void) | undefined;
vi.mock('@/lib/realtime', () => ({
  subscribeCollection: (_: string, onChange: () => void) => {
    fire = onChange;
    return Promise.resolve(() => Promise.resolve());
  },
}));

type Call = { signal: AbortSignal; at: number };

function setup(fetchMs: number) {
  const calls: Call[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Panel() {
    useQuery({
      queryKey: ['analytics', 'week'],
      queryFn: ({ signal }) => {
        calls.push({ signal, at: Date.now() });
        return new Promise((resolve) => setTimeout(() => resolve({ n: calls.length }), fetchMs));
      },
      staleTime: 0,
    });
    useLiveRefresh('events', [['analytics']]);
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<Panel />, { wrapper });
  return calls;
}

describe('useLiveRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fire = undefined;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('coalesces a stream of events to at most one refetch per 2 s', async () => {
    const calls = setup(50);
    await act(() => vi.advanceTimersByTimeAsync(100)); // the first load
    expect(calls).toHaveLength(1);
    expect(fire).toBeDefined();
    const start = Date.now();
    // Twenty events, one every 150 ms, for 3 s.
    for (let i = 0; i < 20; i++) {
      fire?.();
      await act(() => vi.advanceTimersByTimeAsync(150));
    }
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const refetches = calls.slice(1).map((c) => c.at - start);
    // At once, then at the end of each 2 s interval: 0, 2000 and 4000 ms.
    expect(refetches).toEqual([0, 2000, 4000]);
    for (let i = 1; i < refetches.length; i++) expect((refetches[i] ?? 0) - (refetches[i - 1] ?? 0)).toBeGreaterThanOrEqual(2000);
    expect(calls.some((c) => c.signal.aborted)).toBe(false);
  });

  it('never cancels a refetch in flight', async () => {
    const calls = setup(3500); // slower than the interval
    await act(() => vi.advanceTimersByTimeAsync(3600));
    expect(calls).toHaveLength(1);
    fire?.(); // a refetch starts
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls).toHaveLength(2);
    for (let i = 0; i < 10; i++) {
      fire?.(); // events while it is in flight
      await act(() => vi.advanceTimersByTimeAsync(250));
    }
    // The trailing refresh came due while the first was still in flight: it joined it.
    expect(calls[1]?.signal.aborted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.every((c) => !c.signal.aborted)).toBe(true);
    expect(calls.length).toBeLessThanOrEqual(3);
  });
});
