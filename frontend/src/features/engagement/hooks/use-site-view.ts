import { useEffect } from 'react';
import { SITE_VIEW_DELAY_MS } from '@/config/constants';
import { recordSiteView } from '../api/record-site-view';

let sent = false;

/** Sends the website view once per page load, SITE_VIEW_DELAY_MS after the app starts. */
export function useSiteView() {
  useEffect(() => {
    if (sent) return;
    const timer = window.setTimeout(() => {
      sent = true;
      recordSiteView().catch((error: unknown) => console.error('Error recording website view:', error));
    }, SITE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
