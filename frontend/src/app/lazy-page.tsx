import type { ComponentType } from 'react';

export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts loading the page's chunk; the promise settles when it is there (or failed). */
  preload: () => Promise<void>;
};

/**
 * A page loaded on demand, like React.lazy, that renders at once when its chunk has
 * already arrived: main.tsx preloads the first page's chunk, so React's first commit is
 * that page (not a fallback). Until then it suspends; a failed load (a stale chunk after a
 * deploy) throws to the nearest error boundary.
 */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  function Page(props: P) {
    if (failure) throw failure.error;
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return Object.assign(Page, { preload });
}
