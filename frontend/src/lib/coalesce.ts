/**
 * Coalesces calls to `fn`: the first runs at once, and any made within `minIntervalMs` of
 * the last run become one run when the interval ends. A burst of N calls runs `fn` at most
 * once per interval, and the last call of a burst is never lost.
 */
export function coalesce(fn: () => void, minIntervalMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const call = () => {
    if (timer !== undefined) return; // a run is already due: it covers this call
    const wait = last + minIntervalMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
