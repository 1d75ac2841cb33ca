import { useId as useReactId } from 'react';

/**
 * Mantine's useId without its mount effect: @mantine/hooks replaces React's id with a random
 * one in a layout effect, a state update that makes React re-render AppShell (the whole page
 * shell) synchronously right after the first commit and flush every mount effect with it,
 * one long task. React's id is already unique in the app's one root and stable from the
 * first render. Wired in vite.config.ts for @mantine/hooks' own module.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
