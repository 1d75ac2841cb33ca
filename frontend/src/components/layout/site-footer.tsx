import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function SiteFooter({ owner }: { owner?: string }) {
  return (
    <Group component="footer" justify="space-between" gap="xs" mt={48} pt="md" pb="xs"
      style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {owner || 'Folio'}. Some rights reserved.
      </Text>
      <Anchor component={Link} to={paths.about.getHref()} size="sm">
        Contact Me
      </Anchor>
    </Group>
  );
}
