import { SHARE_TARGETS } from '@/config/constants';

export type ShareNetwork = keyof typeof SHARE_TARGETS;

/** The network's share page for a page address and title. */
export const shareUrl = (network: ShareNetwork, url: string, title: string) =>
  SHARE_TARGETS[network].href
    .replace('{url}', encodeURIComponent(url))
    .replace('{title}', encodeURIComponent(title));
