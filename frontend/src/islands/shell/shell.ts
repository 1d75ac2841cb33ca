// The shell's controls: the colour scheme, the mobile navigation drawer (Escape closes it and
// gives focus back to the burger), the desktop sidebar toggles, and the website view beacon.
import { api } from '../kit';

const SCHEME_KEY = 'folio-color-scheme';
const SITE_VIEW_DELAY_MS = 3000;

export function startShell() {
  const site = document.querySelector<HTMLElement>('.site');
  if (!site) return;
  const root = document.documentElement;

  const theme = site.querySelector<HTMLButtonElement>('[data-control="theme"]');
  const themeTitle = () => {
    if (theme) theme.title = `Switch to ${root.dataset.mantineColorScheme === 'light' ? 'dark' : 'light'} theme`;
  };
  themeTitle();
  theme?.addEventListener('click', () => {
    const next = root.dataset.mantineColorScheme === 'light' ? 'dark' : 'light';
    root.dataset.mantineColorScheme = next;
    try {
      localStorage.setItem(SCHEME_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page */
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', next === 'light' ? '#ffffff' : '#242424');
    themeTitle();
  });

  const burger = site.querySelector<HTMLButtonElement>('[data-control="nav"]');
  const setNav = (open: boolean) => {
    site.dataset.nav = open ? 'open' : 'closed';
    burger?.setAttribute('aria-expanded', String(open));
    burger?.setAttribute('aria-label', open ? 'Close navigation' : 'Open navigation');
    document.body.style.overflow = open ? 'hidden' : '';
  };
  burger?.addEventListener('click', () => setNav(site.dataset.nav !== 'open'));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && site.dataset.nav === 'open') {
      setNav(false);
      burger?.focus();
    }
  });
  // Going to another page (or to a heading of this one) closes the drawer.
  site.querySelector('#site-navbar')?.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) setNav(false);
  });

  for (const side of ['left', 'right'] as const) {
    const toggle = site.querySelector<HTMLButtonElement>(`[data-control="${side}-sidebar"]`);
    toggle?.addEventListener('click', () => {
      const open = site.dataset[side] === 'collapsed';
      site.dataset[side] = open ? 'open' : 'collapsed';
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', `${open ? 'Collapse' : 'Expand'} ${side} sidebar`);
    });
  }

  window.setTimeout(() => {
    api('/api/view-website', { method: 'POST', body: { referrer: document.referrer, path: location.pathname + location.search } }).catch(() => {});
  }, SITE_VIEW_DELAY_MS);
}
