import { useMediaQuery, type UseMediaQueryOptions } from '@mantine/hooks';

const FIRST_RENDER: UseMediaQueryOptions = { getInitialValueInEffect: false };

/**
 * Mantine's useReducedMotion, reading the reader's setting in the first render: Mantine's
 * reads it in an effect (for pages hydrated from server HTML), so every Transition (tooltips,
 * modals, menus, the burger) rendered once more right after mounting. The app is never
 * hydrated. Wired in vite.config.ts for @mantine/hooks' own module; same answers.
 */
export function useReducedMotion(initialValue?: boolean, options?: UseMediaQueryOptions): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', initialValue, options ?? FIRST_RENDER);
}
