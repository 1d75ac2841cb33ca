// About's Refresh Content: a link to /about without JavaScript; here, a button that loads the
// page again from the server, skipping the browser's cache.
export function startAboutRefresh() {
  const refresh = document.querySelector<HTMLAnchorElement>('[data-island="about-refresh"]');
  if (!refresh) return;
  refresh.setAttribute('role', 'button');
  refresh.addEventListener('click', (e) => {
    e.preventDefault();
    refresh.setAttribute('aria-disabled', 'true');
    refresh.querySelector('span')!.textContent = 'Refreshing...';
    void fetch(location.pathname, { cache: 'reload' }).finally(() => location.reload());
  });
}
