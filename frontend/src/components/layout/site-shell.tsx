import { ActionIcon, Anchor, AppShell, Burger, Container, Group, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarRight,
  IconLayoutSidebarRightCollapse,
} from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BREAKPOINTS } from '@/config/constants';
import { paths } from '@/config/paths';
import { ThemeToggle } from '../theme-toggle';
import { MainNav } from './main-nav';

type SiteShellProps = {
  /** Top of the left sidebar (profile). */
  profile: ReactNode;
  /** Right sidebar content. */
  aside: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

const HEADER_HEIGHT = 56;

/**
 * Header, left sidebar (from 850 px, a burger below), main column and right sidebar
 * (from 1200 px). Both sidebars collapse from the header.
 */
export function SiteShell({ profile, aside, footer, children }: SiteShellProps) {
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const [desktopNavOpened, desktopNav] = useDisclosure(true);
  const [asideOpened, asideToggle] = useDisclosure(true);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.leftSidebar / 16}em)`) ?? false;
  const extraWide = useMediaQuery(`(min-width: ${BREAKPOINTS.rightSidebar / 16}em)`) ?? false;
  const { pathname } = useLocation();

  useEffect(() => mobileNav.close(), [pathname]); // close the mobile menu after navigating

  const navVisible = wide ? desktopNavOpened : mobileNavOpened;
  const asideVisible = extraWide && asideOpened;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: 264,
        breakpoint: 'md',
        collapsed: { mobile: !mobileNavOpened, desktop: !desktopNavOpened },
      }}
      aside={{ width: 300, breakpoint: 'xl', collapsed: { mobile: true, desktop: !asideOpened } }}
      padding="md"
    >
      <Anchor href="#main-content" className="skip-link">
        Skip to content
      </Anchor>

      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileNavOpened}
              onClick={mobileNav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={mobileNavOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileNavOpened}
              aria-controls="site-navbar"
            />
            <ActionIcon
              visibleFrom="md"
              variant="subtle"
              color="gray"
              size="lg"
              onClick={desktopNav.toggle}
              aria-label={desktopNavOpened ? 'Collapse left sidebar' : 'Expand left sidebar'}
              aria-expanded={desktopNavOpened}
              aria-controls="site-navbar"
            >
              {desktopNavOpened ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebar size={20} />}
            </ActionIcon>
            <Anchor component={Link} to={paths.home.getHref()} fw={800} fz="lg" c="var(--mantine-color-text)" underline="never">
              Folio
            </Anchor>
          </Group>
          <ActionIcon
            visibleFrom="xl"
            variant="subtle"
            color="gray"
            size="lg"
            onClick={asideToggle.toggle}
            aria-label={asideOpened ? 'Collapse right sidebar' : 'Expand right sidebar'}
            aria-expanded={asideOpened}
            aria-controls="site-aside"
          >
            {asideOpened ? <IconLayoutSidebarRightCollapse size={20} /> : <IconLayoutSidebarRight size={20} />}
          </ActionIcon>
        </Group>
      </AppShell.Header>

      {/* Off-screen sidebars are inert so keyboard and screen-reader users skip them. */}
      <AppShell.Navbar id="site-navbar" aria-label="Main" inert={!navVisible}>
        <AppShell.Section p="md">{profile}</AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="md">
          <MainNav />
        </AppShell.Section>
        <AppShell.Section p="md">
          <ThemeToggle />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Container size={860} px={0}>
          {children}
          {footer}
        </Container>
      </AppShell.Main>

      <AppShell.Aside id="site-aside" aria-label="Sidebar" inert={!asideVisible}>
        <AppShell.Section grow component={ScrollArea} p="md">
          {asideVisible && <Stack gap="xl">{aside}</Stack>}
        </AppShell.Section>
      </AppShell.Aside>
    </AppShell>
  );
}
