import { TOC_HEADING_SELECTOR } from '@/config/constants';
import { sanitizeHtml } from './sanitize';

export type ArticleHeading = { id: string; text: string; depth: number };

/** Sanitised article HTML whose headings carry ids; only prepareArticle makes one. */
export type PreparedArticle = { readonly html: string & { __prepared: true }; headings: ArticleHeading[] };

/** 'Caching, the boring way!' -> 'caching-the-boring-way'; letters of any script kept. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/**
 * Sanitises the description and gives every h2/h3 a stable id from its text (repeats get
 * -2, -3), so `#section` links work and the table of contents can point at them. Ids are
 * added after sanitising: DOMPurify would drop ids that shadow document properties.
 */
export function prepareArticle(html: string): PreparedArticle {
  const clean = sanitizeHtml(html);
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  const used = new Set<string>();
  const headings: ArticleHeading[] = [];
  doc.body.querySelectorAll<HTMLHeadingElement>(TOC_HEADING_SELECTOR).forEach((el) => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) return;
    const base = slugify(text);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    el.id = id;
    headings.push({ id, text, depth: Number(el.tagName.slice(1)) });
  });
  return { html: doc.body.innerHTML as PreparedArticle['html'], headings };
}
