// Code blocks (each in the server's .item-code frame, coloured by the server): a copy button
// beside each.
// Tabler's copy and check icons, drawn by site.css's .icon (the "⧉" glyph is missing from
// many system fonts and showed as an empty box).
const COPY = '<path d="M7 9.667a2.667 2.667 0 0 1 2.667-2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1-2.667 2.667h-8.666a2.667 2.667 0 0 1-2.667-2.667z"/><path d="M4.012 16.737a2 2 0 0 1-1.012-1.737v-10c0-1.1.9-2 2-2h10c.75 0 1.158.385 1.5 1"/>';
const CHECK = '<path d="M5 12l5 5l10-10"/>';
const icon = (paths: string) => `<svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">${paths}</svg>`;

export function startCode() {
  const body = document.querySelector<HTMLElement>('[data-island="code"]');
  if (!body) return;
  const blocks = Array.from(body.querySelectorAll<HTMLElement>('.item-code > pre'));
  for (const pre of blocks) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'icon-button code-copy';
    button.setAttribute('aria-label', 'Copy code');
    button.innerHTML = icon(COPY);
    button.addEventListener('click', () => {
      void navigator.clipboard.writeText(pre.querySelector('code')?.textContent ?? pre.textContent ?? '').then(() => {
        button.setAttribute('aria-label', 'Copied');
        button.innerHTML = icon(CHECK);
        window.setTimeout(() => {
          button.setAttribute('aria-label', 'Copy code');
          button.innerHTML = icon(COPY);
        }, 1500);
      });
    });
    pre.parentElement?.append(button);
  }
}
