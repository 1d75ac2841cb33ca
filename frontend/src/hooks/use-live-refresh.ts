import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { LIVE_REFRESH_MIN_INTERVAL_MS } from '@/config/constants';
import { coalesce } from '@/lib/coalesce';
import { subscribeCollection, type LiveCollection } from '@/lib/realtime';

/**
 * Refetches the queries under `queryKeys` whenever a record of `collection` changes
 * elsewhere (another tab, another admin, a reader's like), without a reload. While events
 * stream, refetches are coalesced to at most one per `minIntervalMs`, and a refetch in
 * flight is never cancelled and restarted (`cancelRefetch: false`): a burst of views
 * costs the server one answer per interval, not one per view.
 */
export function useLiveRefresh(collection: LiveCollection, queryKeys: QueryKey[], enabled = true, minIntervalMs = LIVE_REFRESH_MIN_INTERVAL_MS) {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  useLayoutEffect(() => {
    keys.current = queryKeys;
  });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let unsubscribe: (() => Promise<void>) | undefined;
    const refresh = coalesce(() => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }, minIntervalMs);
    subscribeCollection(collection, refresh)
      .then((unsub) => {
        if (active) unsubscribe = unsub;
        else void unsub().catch(() => undefined);
      })
      .catch((error: unknown) => console.error(`Error subscribing to ${collection}:`, error));
    return () => {
      active = false;
      refresh.cancel();
      void unsubscribe?.().catch(() => undefined);
    };
  }, [collection, enabled, minIntervalMs, queryClient]);
}
