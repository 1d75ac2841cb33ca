import { useEffect, useEffectEvent } from 'react';
import { ITEM_VIEW_DELAY_MS } from '@/config/constants';
import type { ItemType } from '@/types/api';
import { recordView } from '../api/record-view';

/**
 * Records a view ITEM_VIEW_DELAY_MS after an item opens; leaving (or opening another item)
 * before then cancels it. `onCounted` gets the server's new count.
 */
export function useItemView(type: ItemType, id: string | undefined, onCounted: (viewCount: number) => void) {
  const counted = useEffectEvent(onCounted);
  useEffect(() => {
    if (!id) return;
    let live = true;
    const timer = window.setTimeout(() => {
      recordView(type, id)
        .then((res) => live && counted(res.viewCount))
        .catch((error: unknown) => console.error('Error recording view:', error));
    }, ITEM_VIEW_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [type, id]);
}
