import DOMPurify from 'dompurify';

// Embedded video players the rich-text editor produces; any other iframe is dropped.
const IFRAME_SRC = /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/;

let hooksAdded = false;
function addHooks() {
  if (hooksAdded) return;
  hooksAdded = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element) {
      if (!IFRAME_SRC.test(node.getAttribute('src') ?? '')) node.parentNode?.removeChild(node);
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // Images below the fold wait until they are near; decoding never blocks the page.
    if (node instanceof HTMLImageElement || node instanceof HTMLIFrameElement) {
      node.setAttribute('loading', 'lazy');
      if (node instanceof HTMLImageElement) node.setAttribute('decoding', 'async');
    }
  });
}

/** Sanitises HTML again on the client (the server already did on save). */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allowfullscreen', 'frameborder', 'loading', 'decoding'],
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
  });
}
