import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { history, setNavigationBlocker } from '../history';

const path = () => window.location.pathname;

describe('the app history with a navigation blocker', () => {
  const listener = vi.fn();
  const unlisten = history.listen(listener);
  afterEach(() => listener.mockClear());

  it('holds a link navigation until proceed, and lets others through', () => {
    history.push('/admin');
    const onBlock = vi.fn();
    const remove = setNavigationBlocker({ shouldBlock: ({ nextLocation }) => nextLocation.pathname === '/', onBlock });

    history.push('/');
    expect(path()).toBe('/admin');
    expect(onBlock).toHaveBeenCalledTimes(1);
    history.push('/admin?tab=profile');
    expect(window.location.search).toBe('?tab=profile');

    (onBlock.mock.calls[0]?.[0] as () => void)();
    expect(path()).toBe('/');
    remove();
  });

  it('undoes a held Back at once and replays it on proceed', async () => {
    history.push('/blogs');
    history.push('/admin');
    listener.mockClear();
    const onBlock = vi.fn();
    const remove = setNavigationBlocker({ shouldBlock: ({ currentLocation }) => currentLocation.pathname === '/admin', onBlock });

    window.history.back();
    await waitFor(() => expect(onBlock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(path()).toBe('/admin'));
    expect(listener).not.toHaveBeenCalled(); // the router never saw /blogs

    (onBlock.mock.calls[0]?.[0] as () => void)();
    await waitFor(() => expect(path()).toBe('/blogs'));
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'POP', location: expect.objectContaining({ pathname: '/blogs' }) }));
    remove();
    unlisten();
  });
});
