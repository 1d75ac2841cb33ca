import { Anchor, Badge, Box, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { SafeHtml } from '@/components/safe-html';
import { DEFAULT_CATEGORY, LICENCE } from '@/config/constants';
import { paths } from '@/config/paths';
import { formatLongDate, pluralize } from '@/lib/format';
import type { ItemDetail as ItemDetailData } from '@/types/api';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Title, byline, cover, body, categories, tags, links and licence of a blog or project. */
export function ItemDetail({ item }: { item: ItemDetailData }) {
  const [main = DEFAULT_CATEGORY, ...subs] = item.categories;
  const links = item.type === 'blog' ? item.attachLinks.filter(Boolean) : [];
  return (
    <Stack component="article" gap="lg">
      <header>
        <Title order={1} mb="xs">
          {item.title}
        </Title>
        {item.author && <Text c="dimmed">By {item.author}</Text>}
        <Text size="sm" c="dimmed">
          Posted on <time dateTime={item.date}>{formatLongDate(item.date)}</time>
          {' · '}
          {item.readingMinutes} min read
          {' · '}
          {pluralize(item.wordCount, 'word')}
        </Text>
      </header>

      {item.media && (
        <Image src={item.media} alt="" h="40vh" fit="cover" radius="md" />
      )}

      <SafeHtml html={item.description} />

      <Divider />

      <Stack gap="xs">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            Category:
          </Text>
          <Anchor component={Link} to={paths.categories.getHref({ category: main })} size="sm">
            {main}
          </Anchor>
          {subs.map((sub) => (
            <Fragment key={sub}>
              <Text size="sm" c="dimmed" aria-hidden>
                /
              </Text>
              <Anchor component={Link} to={paths.categories.getHref({ main, sub })} size="sm">
                {sub}
              </Anchor>
            </Fragment>
          ))}
        </Group>

        {item.tags.length > 0 && (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              Tags:
            </Text>
            {item.tags.map((tag) => (
              <Badge key={tag} component={Link} to={paths.tags.getHref(tag)} variant="default" tt="none"
                style={{ cursor: 'pointer' }}>
                {tag}
              </Badge>
            ))}
          </Group>
        )}

        <Group gap="sm">
          {item.type === 'blog' ? (
            links.length > 0 ? (
              links.map((url, i) => (
                <Anchor key={url} href={url} {...newTab} size="sm">
                  Read {i + 1}
                </Anchor>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                No links attached.
              </Text>
            )
          ) : item.attachLink ? (
            <Anchor href={item.attachLink} {...newTab} size="sm">
              Visit Project
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No link attached.
            </Text>
          )}
        </Group>
      </Stack>

      <Box>
        <Text size="sm" c="dimmed">
          This {item.type === 'project' ? 'project' : 'post'} is licensed under{' '}
          <Anchor href="https://creativecommons.org/licenses/by-nc-sa/4.0/" {...newTab} size="sm">
            {LICENCE}
          </Anchor>{' '}
          by the author.
        </Text>
      </Box>
    </Stack>
  );
}
