import { AboutView } from '@/features/about/components/about-view';
import { usePageTitle } from '@/hooks/use-page-title';

export default function AboutRoute() {
  usePageTitle('About');
  return <AboutView />;
}
