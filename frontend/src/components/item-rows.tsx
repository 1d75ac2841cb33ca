import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Anchor, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { itemHref } from '@/config/paths';
import { useWindowWidth } from '@/hooks/use-window-width';
import { formatDate, formatShortDate, truncate } from '@/lib/format';
import { isNarrow } from '@/lib/width-bands';
import type { ItemType } from '@/types/api';
import classes from './item-rows.module.css';

type Row = { id: string; type: ItemType; title: string; date: string };

type ItemRowsProps = {
  items: Row[];
  /** Title limit in characters. */
  titleMax: number;
  /** 'date': 'Nov 21, 2026' (short 'Nov 21' below 430); 'day': always 'Nov 21'. */
  dateStyle?: 'date' | 'day';
};

/**
 * Compact rows of items (categories, archives): date, type marker, title. Below 430 the
 * marker shrinks to B / P (its full name stays for screen readers).
 */
export function ItemRows({ items, titleMax, dateStyle = 'date' }: ItemRowsProps) {
  const narrow = isNarrow(useWindowWidth());
  const short = dateStyle === 'day' || narrow;
  return (
    <Stack component="ul" gap={6} className={classes.list}>
      {items.map((item) => {
        const typeName = item.type === 'project' ? 'Project' : 'Blog';
        return (
          <Group component="li" key={`${item.type}-${item.id}`} gap="sm" wrap="nowrap" className={classes.row}>
            <Text size="sm" c="dimmed" component="time" dateTime={item.date} className={classes.date} data-short={short || undefined}>
              {short ? formatShortDate(item.date) : formatDate(item.date)}
            </Text>
            <Badge variant="light" size="sm" className={classes.marker} data-narrow={narrow || undefined} title={typeName}>
              {narrow ? (
                <>
                  <span aria-hidden>{typeName[0]}</span>
                  <VisuallyHidden>{typeName}</VisuallyHidden>
                </>
              ) : (
                typeName
              )}
            </Badge>
            <Anchor component={Link} to={itemHref(item.type, item.id)} size="sm" title={item.title} className={classes.title}>
              {truncate(item.title, titleMax)}
            </Anchor>
          </Group>
        );
      })}
    </Stack>
  );
}
