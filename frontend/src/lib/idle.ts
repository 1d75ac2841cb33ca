/**
 * Resolves when the browser has an idle moment (within `timeout` ms at the latest), so
 * work that can wait (syntax colours) runs between frames instead of as one long task.
 */
export const whenIdle = (timeout = 1000) =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, 0);
  });
