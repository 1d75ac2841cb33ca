// The item's cover: a link to the full image without JavaScript; here, a click opens it whole
// on a dark full-screen overlay that the close button, a click on the backdrop and Escape
// close. A click made before the islands ran was kept by the inline head script
// (pages/theme.go) and is replayed once they have started (islands/main.ts).
export function startCover() {
  const link = document.querySelector<HTMLAnchorElement>('[data-island="cover"] a');
  if (!link) return;
  let dialog: HTMLDialogElement | null = null;

  const open = () => {
    if (!dialog) {
      dialog = document.createElement('dialog');
      dialog.className = 'cover-overlay';
      dialog.dataset.testid = 'cover-overlay';
      dialog.setAttribute('aria-label', link.dataset.title ?? '');
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'icon-button cover-close';
      close.setAttribute('aria-label', 'Close image');
      close.textContent = '✕';
      const img = document.createElement('img');
      img.src = link.href;
      img.alt = link.dataset.title ?? '';
      dialog.append(close, img);
      close.addEventListener('click', () => dialog?.close());
      // A click on the backdrop (the dialog itself, outside the image) closes it.
      dialog.addEventListener('click', (e) => {
        if (e.target === dialog) dialog?.close();
      });
      dialog.addEventListener('close', () => link.focus());
      // Escape closes it even when it opened without a user activation (a tap kept from before
      // this module ran), where the browser's own close request may be withheld.
      document.addEventListener('keydown', (e) => {
        if (e.key === 'Escape' && dialog?.open) dialog.close();
      });
      document.body.append(dialog);
    }
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('.cover-close')?.focus();
  };

  link.setAttribute('role', 'button'); // it opens the overlay now, no longer the image's page
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    open();
  });
}
