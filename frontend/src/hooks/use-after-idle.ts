import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';

/**
 * False on the first render, true from the browser's first idle moment after mounting: for
 * extras that can wait. Mantine's tooltips and popovers set state while they mount (their
 * portal, their anchor element), and one such update in the task that mounts the page makes
 * React render it again and run every effect of the page in that same task.
 */
export function useAfterIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void whenIdle().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
