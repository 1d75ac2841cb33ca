import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { ScrollRestoration } from '@/components/scroll-restoration';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteShell } from '@/components/layout/site-shell';
import { RecentlyUpdated } from '@/features/items/components/recently-updated';
import { useSiteView } from '@/features/engagement/hooks/use-site-view';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { useOwnerName } from '@/features/profile/hooks/use-owner-name';
import { SearchBoxPlaceholder } from '@/features/search/components/search-box-placeholder';
import { TrendingTags } from '@/features/tags/components/trending-tags';
import { pendingBootSearch } from '@/lib/boot-handoff';
import { whenIdle } from '@/lib/idle';

// The search combobox and the social links' tooltips (floating UI) load after the first
// render, in an idle moment: their chunks' setup stays out of the render's tasks. The combobox
// loads at once when the reader is already typing into the server page's box.
const SearchBox = lazy(() =>
  (pendingBootSearch() ? Promise.resolve() : whenIdle()).then(() =>
    import('@/features/search/components/search-box').then((m) => ({ default: m.SearchBox })),
  ),
);
const SocialLinks = lazy(() =>
  whenIdle().then(() => import('@/features/profile/components/social-links').then((m) => ({ default: m.SocialLinks }))),
);

/** The footer reads the owner's name itself: the profile's answer re-renders it alone, not the shell. */
function OwnerFooter() {
  return <SiteFooter owner={useOwnerName()} />;
}

/** The public pages: sidebars around the page, the website view sent once. */
export default function PublicLayout() {
  useSiteView();
  return (
    <SiteShell
      profile={<ProfileCard />}
      social={
        <Suspense fallback={null}>
          <SocialLinks />
        </Suspense>
      }
      search={
        <Suspense fallback={<SearchBoxPlaceholder />}>
          <SearchBox />
        </Suspense>
      }
      aside={
        <>
          <RecentlyUpdated />
          <TrendingTags />
        </>
      }
      footer={<OwnerFooter />}
    >
      <ScrollRestoration />
      {/* A page whose chunk is still on its way: the shell stays, the main column says so. */}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </SiteShell>
  );
}
