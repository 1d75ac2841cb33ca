import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Badge, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * A tag as a link to its page. Screen readers (and crawlers) hear "Tag: Go", not a bare "Go":
 * a short tag alone says nothing about where the link goes.
 */
export function TagBadge({ tag, className }: { tag: string; className?: string }) {
  return (
    <Badge component={Link} to={paths.tags.getHref(tag)} variant="default" tt="none" className={className} style={{ cursor: 'pointer' }}>
      <VisuallyHidden>{'Tag: '}</VisuallyHidden>
      {tag}
    </Badge>
  );
}
