import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '@/config/constants';
import { render, screen } from '@/test/test-utils';
import { ThemeToggle } from '../theme-toggle';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('ThemeToggle', () => {
  it('starts dark, flips to light and back, and stores the choice', async () => {
    const { user } = render(<ThemeToggle />);
    expect(scheme()).toBe('dark');

    const toggle = screen.getByRole('button', { name: 'Toggle color scheme' });
    await user.click(toggle);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');

    await user.click(toggle);
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });

  it('restores the stored choice on the next load', async () => {
    const first = render(<ThemeToggle />);
    await first.user.click(screen.getByRole('button', { name: 'Toggle color scheme' }));
    first.unmount();
    document.documentElement.removeAttribute('data-mantine-color-scheme');

    render(<ThemeToggle />);
    expect(scheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Toggle color scheme' })).toHaveAttribute(
      'title',
      'Switch to dark theme',
    );
  });
});
