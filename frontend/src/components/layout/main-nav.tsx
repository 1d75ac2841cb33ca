import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { NavLink, Stack } from '@mantine/core';
import {
  IconArchive,
  IconCategory,
  IconCode,
  IconHome,
  IconNotebook,
  IconTags,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

const LINKS: { label: string; to: string; icon: Icon; end?: boolean }[] = [
  { label: 'Home', to: paths.home.getHref(), icon: IconHome, end: true },
  { label: 'Blogs', to: paths.blogs.getHref(), icon: IconNotebook },
  { label: 'Projects', to: paths.projects.getHref(), icon: IconCode },
  { label: 'Categories', to: paths.categories.getHref(), icon: IconCategory },
  { label: 'Tags', to: paths.tags.getHref(), icon: IconTags },
  { label: 'Archives', to: paths.archives.getHref(), icon: IconArchive },
  { label: 'About', to: paths.about.getHref(), icon: IconUser },
];

/** The site's sections; the current one is marked active and aria-current. */
export function MainNav() {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {LINKS.map(({ label, to, icon: LinkIcon, end }) => {
        const active = end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
        return (
          <li key={to}>
            <NavLink
              component={Link}
              to={to}
              label={label}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              leftSection={<LinkIcon size={18} stroke={1.75} aria-hidden />}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
