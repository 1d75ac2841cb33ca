import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArticleHtml } from '@/components/safe-html';
import { TagBadge } from '@/components/tag-badge';
import { DEFAULT_CATEGORY, LICENCE, MESSAGES } from '@/config/constants';
import { paths } from '@/config/paths';
import { prepareArticle } from '@/lib/article-html';
import { formatLongDate, pluralize, updatedAfter } from '@/lib/format';
import type { ItemDetail as ItemDetailData } from '@/types/api';
import { CodeBlocks } from './code-blocks';
import { CoverImage } from './cover-image';
import classes from './item-detail.module.css';
import { TableOfContents } from './table-of-contents';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

type ItemDetailProps = {
  item: ItemDetailData;
  /** Share buttons, comment form and counts (features/engagement), after the licence. */
  engagement?: ReactNode;
};

/**
 * A blog or project, top to bottom as the spec lists it: title, byline, date line, cover,
 * body (with its table of contents), categories, tags, links, licence, then engagement.
 * The class names (item-*) are the contract the server-rendered article follows.
 */
export function ItemDetail({ item, engagement }: ItemDetailProps) {
  const [main = DEFAULT_CATEGORY, ...subs] = item.categories;
  const links = item.type === 'blog' ? item.attachLinks.filter(Boolean) : [];
  const article = useMemo(() => prepareArticle(item.description), [item.description]);
  // A ref, not state: a state set from a ref callback renders the article a second time,
  // synchronously, in the task that mounts it.
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The body arrives after the browser looked for the #heading of the address: go there now.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <Stack component="article" gap="lg" className={`${classes.root} item-detail`} data-type={item.type}>
      <header className="item-header">
        <Title order={1} mb="xs" className="item-title">
          {item.title}
        </Title>
        {item.author && (
          <Text c="dimmed" className="item-byline">
            By {item.author}
          </Text>
        )}
        <Text size="sm" c="dimmed" className="item-meta">
          <span>
            Posted on <time dateTime={item.date}>{formatLongDate(item.date)}</time>
          </span>
          <span>{item.readingMinutes} min read</span>
          <span>{pluralize(item.wordCount, 'word')}</span>
          {updatedAfter(item.date, item.updated) && (
            <span>
              Updated <time dateTime={item.updated}>{formatLongDate(item.updated)}</time>
            </span>
          )}
        </Text>
      </header>

      {item.media && <CoverImage src={item.media} title={item.title} />}

      <TableOfContents headings={article.headings} />

      <ArticleHtml article={article} ref={body} className="item-body" />
      <CodeBlocks container={body} html={article.html} />

      <Divider />

      <Stack gap="xs" component="footer" className="item-footer">
        <Group gap={6} className={`${classes.row} item-categories`}>
          <Text size="sm" fw={600}>
            Category:
          </Text>
          <Group gap={6} wrap="wrap">
            <Anchor component={Link} to={paths.categories.getHref({ category: main })} size="sm" underline="always">
              {main}
            </Anchor>
            {subs.map((sub) => (
              <Fragment key={sub}>
                <Text size="sm" c="dimmed" aria-hidden>
                  /
                </Text>
                <Anchor component={Link} to={paths.categories.getHref({ main, sub })} size="sm" underline="always">
                  {sub}
                </Anchor>
              </Fragment>
            ))}
          </Group>
        </Group>

        {item.tags.length > 0 && (
          <Group gap={6} className={`${classes.row} item-tags`}>
            <Text size="sm" fw={600}>
              Tags:
            </Text>
            <Group gap={6} wrap="wrap">
              {item.tags.map((tag) => (
                <TagBadge key={tag} tag={tag} />
              ))}
            </Group>
          </Group>
        )}

        <Group gap="sm" className={`${classes.row} item-links`}>
          {item.type === 'blog' ? (
            links.length > 0 ? (
              links.map((url, i) => (
                <Anchor key={url} href={url} {...newTab} size="sm" underline="always">
                  Read {i + 1}
                </Anchor>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {MESSAGES.noLinks.blog}
              </Text>
            )
          ) : item.attachLink ? (
            <Anchor href={item.attachLink} {...newTab} size="sm" underline="always">
              Visit Project
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {MESSAGES.noLinks.project}
            </Text>
          )}
        </Group>

        <Text size="sm" c="dimmed" className="item-licence">
          This {item.type === 'project' ? 'project' : 'post'} is licensed under{' '}
          <Anchor href="https://creativecommons.org/licenses/by-nc-sa/4.0/" {...newTab} size="sm" underline="always">
            {LICENCE}
          </Anchor>{' '}
          by the author.
        </Text>
      </Stack>

      {engagement}
    </Stack>
  );
}
