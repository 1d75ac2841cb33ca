import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { setNavigationBlocker, type NavigationTransition } from '@/lib/history';

export type NavigationBlocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

/** react-router's `useBlocker` for the app's declarative router (lib/history.ts). */
export function useNavigationBlocker(shouldBlock: (transition: NavigationTransition) => boolean): NavigationBlocker {
  const [held, setHeld] = useState<{ proceed: () => void } | null>(null);
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(
    () =>
      setNavigationBlocker({
        shouldBlock: (transition) => latest.current(transition),
        onBlock: (proceed) => setHeld({ proceed }),
      }),
    [],
  );
  if (!held) return { state: 'unblocked' };
  return {
    state: 'blocked',
    proceed: () => {
      setHeld(null);
      held.proceed();
    },
    reset: () => setHeld(null),
  };
}
