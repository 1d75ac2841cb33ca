import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Badge, Box, Card, Group, Image, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { itemHref } from '@/config/paths';
import { useWindowWidth } from '@/hooks/use-window-width';
import { formatDate, truncate } from '@/lib/format';
import { cardLimits } from '@/lib/width-bands';
import type { ItemSummary } from '@/types/api';
import classes from './item-card.module.css';

type ItemCardProps = { item: ItemSummary; headingLevel?: 2 | 3 };

/** One blog or project in a list; the whole card links to its detail page. */
export function ItemCard({ item, headingLevel = 2 }: ItemCardProps) {
  // The window's band from the first render: Mantine's useMatches starts from the narrowest and
  // corrects in an effect, after the first paint of a seeded page (a layout shift).
  const limits = cardLimits(useWindowWidth());
  const [main, ...subs] = item.categories;
  return (
    <Card component="article" withBorder padding="lg" className={classes.card} data-type={item.type}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={headingLevel} size="h4" mb={6}>
            <Link to={itemHref(item.type, item.id)} className="item-card-link" title={item.title}>
              {truncate(item.title, limits.title)}
            </Link>
          </Title>
          {item.excerpt && (
            <Text size="sm" c="dimmed" mb="sm">
              {truncate(item.excerpt, limits.description)}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" size="sm">
              {item.type === 'project' ? 'Project' : 'Blog'}
            </Badge>
            <Text size="xs" c="dimmed" component="time" dateTime={item.date}>
              {formatDate(item.date)}
            </Text>
            {main && (
              <Text size="xs" c="dimmed">
                {[main, ...subs].join(' / ')}
              </Text>
            )}
          </Group>
        </Box>
        {item.thumbnail && (
          <Image
            src={item.thumbnail}
            alt=""
            loading="lazy"
            decoding="async"
            width={132}
            height={96}
            className="item-card-thumb"
            visibleFrom="xs"
          />
        )}
      </Group>
    </Card>
  );
}
