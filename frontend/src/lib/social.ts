/** Which icon a social link gets, from its scheme, host and path. */
export type SocialKind = 'github' | 'linkedin' | 'x' | 'mastodon' | 'email' | 'rss' | 'link';

// Mastodon has thousands of instances: the big ones by name, the rest by their /@user path.
const MASTODON_HOST = /(^|\.)(mastodon\.[a-z.]+|mstdn\.[a-z.]+|hachyderm\.io|fosstodon\.org|infosec\.exchange|mas\.to|chaos\.social|techhub\.social)$/;
// Sites whose profile paths also look like /@user.
const AT_PATH_HOSTS = new Set(['medium.com', 'youtube.com', 'tiktok.com', 'threads.net', 'threads.com']);
const FEED_PATH = /(\.xml|\/rss|\/atom|\/feed|\/feed\.json|\.rss|\.atom)\/?$/;

const isHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export function socialKind(url: string): SocialKind {
  const raw = url.trim();
  if (/^mailto:/i.test(raw)) return 'email';
  let parsed: URL;
  try {
    parsed = new URL(raw, 'https://site.invalid');
  } catch {
    return 'link';
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.toLowerCase();
  if (isHost(host, 'github.com') || isHost(host, 'github.io')) return 'github';
  if (isHost(host, 'linkedin.com') || host === 'lnkd.in') return 'linkedin';
  if (isHost(host, 'x.com') || isHost(host, 'twitter.com')) return 'x';
  if (MASTODON_HOST.test(host)) return 'mastodon';
  if (FEED_PATH.test(path) || /^(rss|feeds?)\./.test(host)) return 'rss';
  if (/^\/@[^/]+\/?$/.test(parsed.pathname) && !AT_PATH_HOSTS.has(host)) return 'mastodon';
  return 'link';
}
