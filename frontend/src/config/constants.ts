// The spec's numbers (seed-spec.md point 9), named after what they mean.

/** Items per page on Home, Blogs and Projects. */
export const PAGE_SIZE = 10;
/** Items in the right sidebar's 'Recently Updated'. */
export const RECENT_ITEMS_COUNT = 6;
/** Tags in the right sidebar's 'Trending Tags'. */
export const TRENDING_TAGS_COUNT = 8;
/** Further Reading and 'other recent blogs'. */
export const FURTHER_READING_COUNT = 3;

/** Character limits; an ellipsis, when cut, counts within the limit. */
export const TRUNCATE = {
  recentTitle: 28,
  searchTitle: 28,
  categoryItemTitle: 70,
  subcategoryName: 30,
  archiveTitle: 80,
  recommendationDescription: 80,
  furtherReadingTitle: 40,
  furtherReadingDescription: 90,
} as const;

/** Card description/title limits by width band, narrowest first (the spec's five pairs). */
export const CARD_TRUNCATION = {
  base: { description: 80, title: 25 }, // below 380
  xs: { description: 100, title: 30 }, // 380 to 430
  sm: { description: 120, title: 35 }, // 430 to 850
  md: { description: 370, title: 60 }, // 850 to 1200, left sidebar takes room
  xl: { description: 400, title: 50 }, // 1200 and up, both sidebars
} as const;

/** Window widths in px. */
export const BREAKPOINTS = {
  /** Card thumbnails hidden below. */
  thumbnail: 380,
  /** Detail layout stacks and dates shorten below. */
  narrow: 430,
  /** Left sidebar shown from. */
  leftSidebar: 850,
  /** Analytics 35/65 columns from. */
  analyticsColumns: 1000,
  /** Right sidebar shown from. */
  rightSidebar: 1200,
} as const;

/** A view is recorded this long after an item opens; leaving earlier cancels it. */
export const ITEM_VIEW_DELAY_MS = 4000;
/** The website view is sent this long after the app loads. */
export const SITE_VIEW_DELAY_MS = 3000;

/** After a successful registration the app goes to /login after this delay. */
export const REGISTER_REDIRECT_MS = 3000;
/** After a password-reset request the app goes to /login after this delay. */
export const RESET_REDIRECT_MS = 2000;

/** Words read per minute, for the reading-time estimate. */
export const WORDS_PER_MINUTE = 200;

export const LICENCE = 'CC BY-NC-SA 4.0';
export const DEFAULT_CATEGORY = 'Uncategorized';

/** localStorage key of the colour scheme; dark when unset. */
export const COLOR_SCHEME_STORAGE_KEY = 'folio-color-scheme';
export const DEFAULT_COLOR_SCHEME = 'dark' as const;

// --- Public site: search, engagement, detail page (issue 10) ---

/** Matches listed in the search dropdown. */
export const SEARCH_RESULTS_COUNT = 8;
/** Typing pauses this long before the search request goes out. */
export const SEARCH_DEBOUNCE_MS = 150;
/** Key that focuses the search box from anywhere but a text field. */
export const SEARCH_HOTKEY = '/';

/** A table of contents shows from this many headings. */
export const TOC_MIN_HEADINGS = 3;
/** Headings the table of contents lists. */
export const TOC_HEADING_SELECTOR = 'h2, h3';
/** Space left above a heading scrolled to (the fixed header). */
export const HEADER_HEIGHT = 56;

/** The profile image's square thumb (the profile collection's thumbs): the avatar is 88 px. */
export const PROFILE_THUMB = '256x256';

/**
 * The code-block languages the editor offers (stored as `language-<value>`) and the lazily
 * loaded highlighter knows, the common ones first. A block without one is highlighted by
 * detection among these; Plain text is never highlighted.
 */
export const CODE_LANGUAGE_OPTIONS = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'python', label: 'Python' },
  { value: 'go', label: 'Go' },
  { value: 'bash', label: 'Bash' },
  { value: 'json', label: 'JSON' },
  { value: 'xml', label: 'HTML / XML' },
  { value: 'css', label: 'CSS' },
  { value: 'sql', label: 'SQL' },
  { value: 'yaml', label: 'YAML' },
  { value: 'java', label: 'Java' },
  { value: 'c', label: 'C' },
  { value: 'cpp', label: 'C++' },
  { value: 'csharp', label: 'C#' },
  { value: 'rust', label: 'Rust' },
  { value: 'php', label: 'PHP' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'kotlin', label: 'Kotlin' },
  { value: 'swift', label: 'Swift' },
  { value: 'shell', label: 'Shell session' },
  { value: 'powershell', label: 'PowerShell' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'diff', label: 'Diff' },
  { value: 'dockerfile', label: 'Dockerfile' },
  { value: 'makefile', label: 'Makefile' },
  { value: 'ini', label: 'INI / TOML' },
  { value: 'scss', label: 'SCSS' },
  { value: 'lua', label: 'Lua' },
  { value: 'graphql', label: 'GraphQL' },
  { value: 'plaintext', label: 'Plain text' },
] as const;

export const CODE_LANGUAGES = CODE_LANGUAGE_OPTIONS.map((l) => l.value);

/** The spec's visitor-facing messages, word for word. */
export const MESSAGES = {
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy link',
  commentMissing: 'Please enter both a comment and an email.',
  commentSubmitted: 'Comment submitted successfully!',
  commentFailed: 'Failed to submit comment',
  likeFailed: 'Failed to update like',
  loginToLike: { blog: 'Please log in to like this post.', project: 'Please log in to like this project.' },
  /** The like alert's action: to /login and back. */
  logInAction: 'Log in',
  /** Shown on the page a reader returns to after signing in from it. */
  signedInBack: {
    pending: 'You are signed in: you can like and comment. The dashboard opens once a super admin approves your account.',
    other: 'You are signed in: you can like and comment.',
  },
  commentPlaceholder: {
    blog: 'Your opinion about this post...',
    project: 'Your opinion about this project...',
  },
  emailPlaceholder: 'Your email',
  loading: 'Loading...',
  aboutFailed: 'Failed to load About data',
} as const;

/** Where the share buttons send the visitor; {url} and {title} are URL-encoded. */
export const SHARE_TARGETS = {
  twitter: { label: 'Share on Twitter', href: 'https://twitter.com/intent/tweet?url={url}&text={title}' },
  facebook: { label: 'Share on Facebook', href: 'https://www.facebook.com/sharer/sharer.php?u={url}' },
  linkedin: { label: 'Share on LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url={url}' },
} as const;
/** Size of the share window. */
export const SHARE_WINDOW_FEATURES = 'noopener,noreferrer,width=600,height=540';

// --- Admin dashboard (issue 11): the spec's texts and numbers ---

export const ADMIN_TEXT = {
  refresh: 'Refresh Content',
  refreshing: 'Refreshing...',
  titleRequired: 'Title is required',
  authorRequired: 'Author is required',
  headingRequired: 'Heading is required',
  bioRequired: 'Bio is required',
  editAbout: 'Edit About',
  aboutFailed: 'Failed to submit About data',
  notAuthenticated: 'User not authenticated',
  mediaImagesOnly: 'Media must be an image file',
  /** The server's message for an image over MAX_IMAGE_BYTES, shown before anything is sent. */
  mediaTooLarge: 'Media is larger than 10 MB.',
  imageTypes: 'Only JPEG, PNG, GIF or WebP images can be added.',
  titleTooLong: 'Title must be at most 255 characters',
} as const;

/** Uploaded images (covers, images in a post): at most 10 MB, as the server checks. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Titles are at most 255 characters; the form counts from 200 on. */
export const MAX_TITLE_LENGTH = 255;
export const TITLE_COUNTER_FROM = 200;

export type ContentLabel = 'Blog' | 'Project' | 'Profile';

/** The error catalogue's alerts for the blog, project and profile forms. */
export const contentAlerts = (label: ContentLabel) => {
  const noun = label.toLowerCase();
  return {
    created: `${label} created successfully!`,
    updated: `${label} updated successfully!`,
    deleted: `${label} deleted successfully!`,
    createFailed: (message: string) => `Failed to create ${noun}: ${message}`,
    updateFailed: (message: string) => `Failed to update ${noun}: ${message}`,
    deleteFailed: `Failed to delete ${noun}`,
  };
};

/** Analytics time filter: day 24 h, week 7 days, month 30 days, year 365 days, or all. */
export const ANALYTICS_RANGES = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
  { value: 'all', label: 'All' },
] as const;
export const DEFAULT_ANALYTICS_RANGE = 'week' as const;

/** Analytics item filter. */
export const ANALYTICS_ITEM_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'blog', label: 'Blog' },
  { value: 'project', label: 'Project' },
] as const;

/** Live refresh: at most one refetch per this many ms while events stream (issue 28). */
export const LIVE_REFRESH_MIN_INTERVAL_MS = 2000;

/** Live visitors: those with a view in the last 5 minutes; the count is read again this often. */
export const LIVE_VISITORS_WINDOW_MINUTES = 5;
export const LIVE_VISITORS_POLL_MS = 30_000;

/** Recent login attempts are counted over this window. */
export const RECENT_LOGIN_WINDOW_MINUTES = 5;

/** Scroll heights in px: the analytics locations list and the admin accounts list. */
export const LOCATIONS_LIST_HEIGHT = 300;
export const ADMIN_LIST_HEIGHT = 400;

/** Analytics columns from BREAKPOINTS.analyticsColumns, as fractions of 12. */
export const ANALYTICS_COLUMNS = { side: 35, main: 65 } as const;

/** Editor font sizes (the spec's small, normal, large, huge); normal is no size at all. */
export const EDITOR_FONT_SIZES = [
  { label: 'Small', value: '0.75em' },
  { label: 'Normal', value: '' },
  { label: 'Large', value: '1.5em' },
  { label: 'Huge', value: '2.5em' },
] as const;

/** Editor fonts; each value passes the server's font-family filter. */
export const EDITOR_FONTS = [
  { label: 'Sans serif', value: '' },
  { label: 'Serif', value: 'georgia, serif' },
  { label: 'Monospace', value: 'monospace' },
] as const;

/** Indent levels; each is a left margin of 2em. */
export const EDITOR_MAX_INDENT = 8;
export const EDITOR_INDENT_EM = 2;

/** How long typing settles before a local draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;
