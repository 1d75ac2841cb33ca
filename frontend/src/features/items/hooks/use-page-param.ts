import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The list page from `?page=N` (1 when absent or bad), and a setter that scrolls to the top. */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;

  const setPage = useCallback(
    (next: number) => {
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { preventScrollReset: true },
      );
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [setSearchParams],
  );

  return [page, setPage];
}
