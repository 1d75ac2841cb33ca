// The header's search box: title matches drop down as the reader types (newest first, the
// typed part marked), the last entry searches all posts (/search?q=). Arrow keys move, Enter
// opens the selected match (or the first), Escape closes, `/` focuses the box from anywhere.
// Without JavaScript the box is a form that goes to /search?q=. Whatever was typed before
// this module ran is read from the box when it starts.
import { api } from '../kit';

const RESULTS = 8;
const DEBOUNCE_MS = 150;
const TITLE_MAX = 28;

type Match = { id: string; type: string; title: string };

const truncate = (s: string, max: number) => {
  const chars = Array.from(s);
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
};
const itemHref = (m: Match) => `/${m.type === 'project' ? 'projects' : 'blogs'}/${encodeURIComponent(m.id)}`;

/** The title with the first case-insensitive occurrence of q in <mark>, as DOM nodes. */
function marked(title: string, q: string): Node[] {
  const i = title.toLowerCase().indexOf(q.toLowerCase());
  if (!q || i < 0) return [document.createTextNode(title)];
  const mark = document.createElement('mark');
  mark.textContent = title.slice(i, i + q.length);
  return [document.createTextNode(title.slice(0, i)), mark, document.createTextNode(title.slice(i + q.length))];
}

export function startSearch() {
  const form = document.querySelector<HTMLFormElement>('[data-island="search"]');
  const box = form?.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = form?.querySelector<HTMLElement>('[role="listbox"]');
  if (!form || !box || !list) return;

  let matches: Match[] = [];
  let active = -1;
  let timer = 0;
  let request: AbortController | null = null;

  const options = () => Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'));
  const setOpen = (open: boolean) => {
    list.hidden = !open;
    box.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };
  const setActive = (i: number) => {
    active = i;
    options().forEach((o, j) => o.setAttribute('aria-selected', String(j === i)));
    const el = options()[i];
    if (el) box.setAttribute('aria-activedescendant', el.id);
    else box.removeAttribute('aria-activedescendant');
  };

  const render = (q: string) => {
    const nodes: Node[] = [];
    matches.forEach((m, i) => {
      const a = document.createElement('a');
      a.className = 'search-option';
      a.id = `search-option-${i}`;
      a.href = itemHref(m);
      a.title = m.title;
      a.tabIndex = -1;
      a.setAttribute('role', 'option');
      a.append(...marked(truncate(m.title, TITLE_MAX), q));
      nodes.push(a);
    });
    if (matches.length === 0) {
      const empty = document.createElement('div');
      empty.className = 'search-empty';
      empty.textContent = 'No matching titles';
      nodes.push(empty);
    }
    const all = document.createElement('a');
    all.className = 'search-option search-all';
    all.id = 'search-option-all';
    all.href = `/search?q=${encodeURIComponent(q)}`;
    all.tabIndex = -1;
    all.setAttribute('role', 'option');
    all.textContent = `Search all posts for “${q}”`;
    nodes.push(all);
    list.replaceChildren(...nodes);
    active = -1;
    box.removeAttribute('aria-activedescendant');
    setOpen(true);
  };

  const search = () => {
    const q = box.value.trim();
    request?.abort();
    if (!q) {
      matches = [];
      setOpen(false);
      return;
    }
    request = new AbortController();
    const query = new URLSearchParams({ q, perPage: String(RESULTS) });
    api<{ items: Match[] }>(`/api/content?${query}`, { signal: request.signal })
      .then((res) => {
        if (box.value.trim() !== q) return;
        matches = res.items;
        render(q);
      })
      .catch(() => {});
  };

  box.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(search, DEBOUNCE_MS);
  });
  box.addEventListener('keydown', (e) => {
    const count = options().length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (list.hidden) {
        if (box.value.trim()) search();
        return;
      }
      setActive(e.key === 'ArrowDown' ? (active + 1) % count : (active - 1 + count) % count);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = options()[active] as HTMLAnchorElement | undefined;
      if (chosen) location.assign(chosen.href);
      else if (matches[0]) location.assign(itemHref(matches[0]));
    }
  });
  box.addEventListener('blur', () => window.setTimeout(() => setOpen(false), 150));
  box.addEventListener('focus', () => {
    if (box.value.trim() && list.childElementCount) setOpen(true);
  });
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (t.closest('input, textarea, select, [contenteditable="true"]')) return;
    e.preventDefault();
    box.focus();
  });
  // Typed before this module ran: search it now.
  if (box.value.trim()) search();
}
