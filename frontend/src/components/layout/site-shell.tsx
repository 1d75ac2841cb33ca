import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { ActionIcon, Anchor, AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarRight,
  IconLayoutSidebarRightCollapse,
} from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BREAKPOINTS, HEADER_HEIGHT } from '@/config/constants';
import { paths } from '@/config/paths';
import { replayBootClicks } from '@/lib/boot-handoff';
import { ThemeToggle } from '../theme-toggle';
import { AsideSlotContext } from './aside-slot';
import { MainNav } from './main-nav';
import './site-shell.css';

const FIRST_RENDER = { getInitialValueInEffect: false };

type SiteShellProps = {
  /** Top of the left sidebar (profile). */
  profile: ReactNode;
  /** Right sidebar content. */
  aside: ReactNode;
  /** The search box: at the top of the right sidebar when it shows, else in the header. */
  search?: ReactNode;
  /** Beside the theme toggle at the foot of the left sidebar (social links). */
  social?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * Header, left sidebar (from 850 px, a burger below), main column and right sidebar
 * (from 1200 px). Both sidebars collapse from the header.
 */
export function SiteShell({ profile, aside, search, social, footer, children }: SiteShellProps) {
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const [desktopNavOpened, desktopNav] = useDisclosure(true);
  const [asideOpened, asideToggle] = useDisclosure(true);
  // Read in the first render (the app is never hydrated): no second, blocking render of the
  // whole shell right after it mounts.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.leftSidebar / 16}em)`, false, FIRST_RENDER);
  const extraWide = useMediaQuery(`(min-width: ${BREAKPOINTS.rightSidebar / 16}em)`, false, FIRST_RENDER);
  const { pathname } = useLocation();

  const closeMobileNav = mobileNav.close;
  useEffect(() => closeMobileNav(), [pathname, closeMobileNav]); // close the mobile menu after navigating
  // Clicks on the server page's burger or sidebar toggles, made before this shell rendered.
  useEffect(() => replayBootClicks(), []);

  const navVisible = wide ? desktopNavOpened : mobileNavOpened;
  const asideVisible = extraWide && asideOpened;
  // The right sidebar's slot for the page's part (InAside) is made once, outside React, and put
  // in the sidebar when it shows: as state set from a ref callback, it rendered the whole page
  // a second time, synchronously, in the task that first mounts it.
  const [asideSlot] = useState(makeAsideSlot);
  const asideSlotHost = useCallback((host: HTMLElement | null) => attachAsideSlot(host, asideSlot), [asideSlot]);

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
              data-control="nav"
              aria-label={mobileNavOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileNavOpened}
              aria-controls="site-navbar"
            />
            <SidebarToggle side="left" opened={desktopNavOpened} onToggle={desktopNav.toggle} />
            <Anchor component={Link} to={paths.home.getHref()} fw={800} fz="lg" c="var(--mantine-color-text)" underline="never">
              Folio
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {!asideVisible && search}
            <SidebarToggle side="right" opened={asideOpened} onToggle={asideToggle.toggle} />
          </Group>
        </Group>
      </AppShell.Header>

      {/* Off-screen sidebars are inert so keyboard and screen-reader users skip them. */}
      <AppShell.Navbar id="site-navbar" aria-label="Main" inert={!navVisible}>
        <AppShell.Section p="md">{profile}</AppShell.Section>
        {/* Native scrolling: Mantine's ScrollArea would pull Floating UI into the first render's JS. */}
        <AppShell.Section grow px="md" style={{ overflowY: 'auto' }}>
          <MainNav />
        </AppShell.Section>
        <AppShell.Section p="md">
          <Group gap="xs" justify="space-between" wrap="wrap">
            {social}
            <ThemeToggle />
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Container size={860} px={0}>
          <div className="site-page">
            <AsideSlotContext.Provider value={asideVisible ? asideSlot : null}>{children}</AsideSlotContext.Provider>
          </div>
          {footer}
        </Container>
      </AppShell.Main>

      <AppShell.Aside id="site-aside" aria-label="Sidebar" inert={!asideVisible}>
        <AppShell.Section grow p="md" style={{ overflowY: 'auto' }}>
          {asideVisible && (
            <Stack gap="xl">
              {search}
              {aside}
              <div ref={asideSlotHost} style={{ display: 'contents' }} />
            </Stack>
          )}
        </AppShell.Section>
      </AppShell.Aside>
    </AppShell>
  );
}

const sidebarToggles = {
  left: { visibleFrom: 'md', controls: 'site-navbar', Open: IconLayoutSidebarLeftCollapse, Closed: IconLayoutSidebar },
  right: { visibleFrom: 'xl', controls: 'site-aside', Open: IconLayoutSidebarRightCollapse, Closed: IconLayoutSidebarRight },
} as const;

/** The desktop button that collapses or expands one sidebar. */
function SidebarToggle({ side, opened, onToggle }: { side: 'left' | 'right'; opened: boolean; onToggle: () => void }) {
  const { visibleFrom, controls, Open, Closed } = sidebarToggles[side];
  return (
    <ActionIcon
      visibleFrom={visibleFrom}
      variant="subtle"
      color="gray"
      size="lg"
      onClick={onToggle}
      data-control={`${side}-sidebar`}
      aria-label={`${opened ? 'Collapse' : 'Expand'} ${side} sidebar`}
      aria-expanded={opened}
      aria-controls={controls}
    >
      {opened ? <Open size={20} /> : <Closed size={20} />}
    </ActionIcon>
  );
}

function makeAsideSlot(): HTMLElement {
  const slot = document.createElement('div');
  slot.dataset.asideSlot = 'true';
  slot.style.display = 'contents';
  return slot;
}

/** Puts the slot in its host while the host is mounted (a React 19 ref callback's cleanup). */
function attachAsideSlot(host: HTMLElement | null, slot: HTMLElement) {
  if (!host) return;
  host.append(slot);
  return () => slot.remove();
}
