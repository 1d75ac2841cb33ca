// The rich-text editor's address rules (seed-spec point 5), mirrored from the server's sanitiser.

/** Schemes a link may use; any other becomes BLANK_LINK. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
/** Schemes an image source may use (data only as base64 PNG or JPEG, as the server keeps). */
export const IMAGE_SCHEMES = ['http', 'https', 'data'] as const;
/** Image files the editor uploads (picked, pasted or dropped): the cover's types. */
export const PASTE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** The blank placeholder a refused link address becomes. */
export const BLANK_LINK = 'about:blank';

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]*={0,2}$/i;

// Browsers ignore ASCII controls and spaces inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- the controls are exactly what is stripped
const stripControls = (s: string) => s.replace(/[\u0000-\u0020\u007f]/g, '');

/** The lower-case scheme, '' for a relative address or a bare host[:port]. */
export function urlScheme(url: string): string {
  const compact = stripControls(url);
  const m = SCHEME.exec(compact);
  const name = m?.[1];
  if (!m || !name) return '';
  const rest = compact.slice(m[0].length);
  if ((name.includes('.') || name.toLowerCase() === 'localhost') && /^\d+(?:[/?#]|$)/.test(rest)) return '';
  return name.toLowerCase();
}

/**
 * The address a link keeps: allowed schemes as typed, a bare host gets https:// (as the server
 * does), a path stays relative, anything else becomes the blank placeholder.
 */
export function filterLinkHref(raw: string | null | undefined): string {
  const url = (raw ?? '').trim();
  if (!url) return BLANK_LINK;
  const scheme = urlScheme(url);
  if (scheme) return (LINK_SCHEMES as readonly string[]).includes(scheme) ? url : BLANK_LINK;
  if (url.startsWith('\\')) return BLANK_LINK;
  if (url.startsWith('//')) return `https:${url}`;
  if (/^[/#?]/.test(url)) return url;
  return `https://${url}`;
}

/** Whether a link address is kept as typed (false: it would become the placeholder). */
export const isAllowedLink = (raw: string) => filterLinkHref(raw) !== BLANK_LINK;

/** Whether an image source may stay in the document. */
export function isAllowedImageSrc(raw: string | null | undefined): boolean {
  const src = (raw ?? '').trim();
  if (!src) return false;
  const scheme = urlScheme(src);
  if (scheme === '') return true;
  if (scheme === 'http' || scheme === 'https') return true;
  return scheme === 'data' && DATA_IMAGE.test(stripControls(src));
}

/** Whether a pasted or dropped file may become an inline image. */
export const isAllowedPastedImage = (file: { type: string }) =>
  (PASTE_IMAGE_TYPES as readonly string[]).includes(file.type);

const EMBEDS: [RegExp, (id: string) => string][] = [
  [/(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,})/, (id) => `https://www.youtube-nocookie.com/embed/${id}`],
  [/vimeo\.com\/(?:video\/)?(\d+)/, (id) => `https://player.vimeo.com/video/${id}`],
];

/** A YouTube or Vimeo address as the embeddable player URL the server keeps; null otherwise. */
export function videoEmbedUrl(raw: string): string | null {
  const url = raw.trim();
  if (!/^https?:\/\//i.test(url)) return null;
  for (const [re, build] of EMBEDS) {
    const m = re.exec(url);
    if (m?.[1]) return build(m[1]);
  }
  return null;
}
