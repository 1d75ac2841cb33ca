import '@mantine/core/styles/Typography.layer.css';
import { Typography, type TypographyProps } from '@mantine/core';
import { forwardRef, useMemo } from 'react';
import type { PreparedArticle } from '@/lib/article-html';
import { sanitizeHtml } from '@/lib/sanitize';
import classes from './safe-html.module.css';

export { sanitizeHtml };

type SafeHtmlProps = Omit<TypographyProps, 'children'> & { html: string };

const proseClass = (className?: string) => (className ? `${classes.root} ${className}` : classes.root);

/** Rich text from the API, sanitised with DOMPurify and styled as prose. */
export function SafeHtml({ html, className, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Typography {...props} className={proseClass(className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}

type ArticleHtmlProps = Omit<TypographyProps, 'children'> & { article: PreparedArticle };

/** An item's body, already sanitised and given heading ids by prepareArticle. */
export const ArticleHtml = forwardRef<HTMLDivElement, ArticleHtmlProps>(function ArticleHtml(
  { article, className, ...props },
  ref,
) {
  return (
    <Typography
      {...props}
      ref={ref}
      className={proseClass(className)}
      dangerouslySetInnerHTML={{ __html: article.html }}
    />
  );
});
