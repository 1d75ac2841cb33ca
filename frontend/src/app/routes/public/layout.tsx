import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteShell } from '@/components/layout/site-shell';
import { RecentlyUpdated } from '@/features/items/components/recently-updated';
import { useSiteView } from '@/features/engagement/hooks/use-site-view';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { SocialLinks } from '@/features/profile/components/social-links';
import { useOwnerName } from '@/features/profile/hooks/use-owner-name';
import { TrendingTags } from '@/features/tags/components/trending-tags';

// The combobox (and its popover engine) loads right after the first paint, not before it.
const SearchBox = lazy(() => import('@/features/search/components/search-box').then((m) => ({ default: m.SearchBox })));

// Holds the box's place (no layout shift) without pulling the input components into the entry.
const searchPlaceholder = <div aria-hidden style={{ height: 36, minWidth: 160 }} />;

/** The public pages: sidebars around the page, the website view sent once. */
export default function PublicLayout() {
  useSiteView();
  const owner = useOwnerName();
  return (
    <SiteShell
      profile={<ProfileCard />}
      social={<SocialLinks />}
      search={
        <Suspense fallback={searchPlaceholder}>
          <SearchBox />
        </Suspense>
      }
      aside={
        <>
          <RecentlyUpdated />
          <TrendingTags />
        </>
      }
      footer={<SiteFooter owner={owner} />}
    >
      <ScrollRestoration />
      <Outlet />
    </SiteShell>
  );
}
