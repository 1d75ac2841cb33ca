import { Typography, type TypographyProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './safe-html.module.css';

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
  });
}

/** Sanitises HTML again on the client (the server already did on save). */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allowfullscreen', 'frameborder'],
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
  });
}

type SafeHtmlProps = Omit<TypographyProps, 'children'> & { html: string };

/** Rich text from the API, sanitised with DOMPurify and styled as prose. */
export function SafeHtml({ html, className, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography
      {...props}
      className={className ? `${classes.root} ${className}` : classes.root}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
