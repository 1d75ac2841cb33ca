// The table of contents' scroll-spy: the heading the reader is at is marked in every copy
// of the contents (the sidebar's and the collapsible one above the article).
export function startToc() {
  // The collapsible contents above the article (a <details>) says whether it is open.
  document.querySelectorAll<HTMLDetailsElement>('.toc-inline details').forEach((details) =>
    details.addEventListener('toggle', () => details.querySelector('summary')?.setAttribute('aria-expanded', String(details.open))),
  );
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.item-toc .toc-link'));
  if (links.length === 0) return;
  const headings = Array.from(new Set(links.map((a) => decodeURIComponent(a.hash.slice(1)))))
    .map((id) => document.getElementById(id))
    .filter((h): h is HTMLElement => h !== null);
  let current = '';
  const mark = () => {
    let id = headings[0]?.id ?? '';
    for (const h of headings) if (h.getBoundingClientRect().top <= 80) id = h.id;
    if (id === current) return;
    current = id;
    for (const a of links) {
      if (decodeURIComponent(a.hash.slice(1)) === id) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
    }
  };
  let frame = 0;
  window.addEventListener('scroll', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(mark);
  }, { passive: true });
  // In the next frame, whose layout the browser does anyway: reading positions now would force
  // a layout of its own before the first paint.
  frame = requestAnimationFrame(mark);
}
