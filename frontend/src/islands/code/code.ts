// Code blocks (each in the server's .item-code frame, coloured by the server): a copy button
// beside each.
export function startCode() {
  const body = document.querySelector<HTMLElement>('[data-island="code"]');
  if (!body) return;
  const blocks = Array.from(body.querySelectorAll<HTMLElement>('.item-code > pre'));
  for (const pre of blocks) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'icon-button code-copy';
    button.setAttribute('aria-label', 'Copy code');
    button.textContent = '⧉';
    button.addEventListener('click', () => {
      void navigator.clipboard.writeText(pre.querySelector('code')?.textContent ?? pre.textContent ?? '').then(() => {
        button.setAttribute('aria-label', 'Copied');
        button.textContent = '✓';
        window.setTimeout(() => {
          button.setAttribute('aria-label', 'Copy code');
          button.textContent = '⧉';
        }, 1500);
      });
    });
    pre.parentElement?.append(button);
  }
}
