import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { subscribeCollection, type LiveCollection } from '@/lib/realtime';

/**
 * Refetches the queries under `queryKeys` whenever a record of `collection` changes
 * elsewhere (another tab, another admin, a reader's like), without a reload.
 */
export function useLiveRefresh(collection: LiveCollection, queryKeys: QueryKey[], enabled = true) {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  useLayoutEffect(() => {
    keys.current = queryKeys;
  });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let unsubscribe: (() => Promise<void>) | undefined;
    subscribeCollection(collection, () => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    })
      .then((unsub) => {
        if (active) unsubscribe = unsub;
        else void unsub().catch(() => undefined);
      })
      .catch((error: unknown) => console.error(`Error subscribing to ${collection}:`, error));
    return () => {
      active = false;
      void unsubscribe?.().catch(() => undefined);
    };
  }, [collection, enabled, queryClient]);
}
