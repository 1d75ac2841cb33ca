import { UNSAFE_createBrowserHistory, type Location, type Path, type To } from 'react-router-dom';

export type NavigationTransition = { currentLocation: Path; nextLocation: Path };
type Blocker = {
  shouldBlock: (transition: NavigationTransition) => boolean;
  /** A navigation was held; `proceed` carries it out. */
  onBlock: (proceed: () => void) => void;
};

/**
 * The app's one browser history (the router renders from it through HistoryRouter). It can
 * hold a navigation, which react-router's `useBlocker` only does with the data router, whose
 * code would otherwise ship with every public page: links and navigate() (push/replace) and
 * Back/Forward (undone at once, redone on proceed), as the data router does.
 */
export const history = UNSAFE_createBrowserHistory({ v5Compat: true });

let blocker: Blocker | null = null;

/** Installs the one blocker; returns its removal. */
export function setNavigationBlocker(next: Blocker) {
  blocker = next;
  return () => {
    if (blocker === next) blocker = null;
  };
}

const pathOf = ({ pathname, search, hash }: Path): Path => ({ pathname, search, hash });
const toPath = (to: To): Path => pathOf(history.createURL(to));

/** Where the router is (during a Back, window.location already shows the next entry). */
let current: Path = pathOf(history.location);

const held = (nextLocation: Path) => blocker?.shouldBlock({ currentLocation: current, nextLocation }) === true;

for (const method of ['push', 'replace'] as const) {
  const navigate = history[method];
  history[method] = (to: To, state?: unknown) => {
    const go = () => navigate(to, state);
    if (held(toPath(to))) blocker?.onBlock(go);
    else go();
  };
}

const listen = history.listen;
/** What the next popstate is: our own undo of a held Back/Forward, or its replay on proceed. */
let expected: 'undo' | 'replay' | null = null;

history.listen = (listener) =>
  listen((update) => {
    if (update.action === 'POP' && expected === 'undo') {
      expected = null;
      return; // back where the router already is
    }
    if (update.action === 'POP' && expected === null && update.delta && held(pathOf(update.location))) {
      const { delta } = update;
      expected = 'undo';
      history.go(-delta);
      blocker?.onBlock(() => {
        expected = 'replay';
        history.go(delta);
      });
      return;
    }
    if (expected === 'replay') expected = null;
    current = pathOf(update.location as Location);
    listener(update);
  });
