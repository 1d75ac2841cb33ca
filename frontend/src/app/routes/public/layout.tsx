import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteShell } from '@/components/layout/site-shell';
import { RecentlyUpdated } from '@/features/items/components/recently-updated';
import { useSiteView } from '@/features/engagement/hooks/use-site-view';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { SocialLinks } from '@/features/profile/components/social-links';
import { useOwnerName } from '@/features/profile/hooks/use-owner-name';
import { SearchBox } from '@/features/search/components/search-box';
import { TrendingTags } from '@/features/tags/components/trending-tags';

/** The public pages: sidebars around the page, the website view sent once. */
export default function PublicLayout() {
  useSiteView();
  const owner = useOwnerName();
  return (
    <SiteShell
      profile={<ProfileCard />}
      social={<SocialLinks />}
      search={<SearchBox />}
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
