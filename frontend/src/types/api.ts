// Shapes of API.md's custom routes.

export type ItemType = 'blog' | 'project';

export type ItemSummary = {
  id: string;
  type: ItemType;
  title: string;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  author: string;
  /** Markup stripped, at most 400 characters. */
  excerpt: string;
  /** [0] is the main category; ['Uncategorized'] when none. */
  categories: string[];
  tags: string[];
  thumbnail: string | null;
  media: string | null;
  likeCount: number;
  shareCount: number;
  viewCount: number;
  commentCount: number;
  /** RFC 3339. */
  updated: string;
};

type ItemDetailBase = ItemSummary & {
  /** Sanitised HTML; sanitised again before rendering. */
  description: string;
  wordCount: number;
  readingMinutes: number;
  liked: boolean;
  /** The cover's alt text as the owner gave it; "" means the title (older servers leave it out). */
  mediaAlt?: string;
};

export type BlogDetail = ItemDetailBase & { type: 'blog'; attachLinks: string[] };
export type ProjectDetail = ItemDetailBase & { type: 'project'; attachLink: string };
export type ItemDetail = BlogDetail | ProjectDetail;

/** An item's publishing state (API.md "Publishing"). */
export type ItemStatus = 'published' | 'draft' | 'scheduled';

/** The admin routes' items: ItemDetail plus its status; publishAt (RFC 3339) only while scheduled. */
export type AdminItem = ItemDetail & { status: ItemStatus; publishAt: string | null };

/** POST /api/admin/{blogs|projects}/{id}/preview. */
export type PreviewLink = { url: string; expires: string };

/** A row of an item's revisions, newest first. */
export type RevisionEntry = { id: string; created: string; author: string; title: string; status: ItemStatus };

/** One revision's fields as saved then. */
export type Revision = {
  title: string;
  date: string;
  author: string;
  description: string;
  tags: string[] | null;
  categories: string[] | null;
  attachLinks?: string[] | null;
  attachLink?: string;
  status: ItemStatus;
  publishAt: string | null;
  media: string | null;
};

export type ListEnvelope<T> = {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
};

export type ListParams = {
  page?: number;
  perPage?: number;
  q?: string;
  tag?: string;
  category?: string;
  sub?: string;
};

/** A titled link: About's attachLinks and the profile's socialLinks. */
export type TitledLink = { title: string; url: string };

export type Profile = { heading: string; bio: string; image: string | null; socialLinks: TitledLink[] };

export type TagSummary = { name: string; count: number; latest: string };

export type CategorySummary = {
  name: string;
  count: number;
  subcategories: { name: string; count: number }[];
};

export type ArchiveYear = {
  year: number;
  items: { id: string; type: ItemType; title: string; date: string }[];
};

export type About = {
  header: string;
  profile: string;
  skills: string;
  experience: string;
  courses: string;
  projects: string;
  awards: string;
  languages: string;
  interests: string;
  references: string;
  declaration: string;
  media: { url: string; kind: 'image' | 'video' | 'gif' } | null;
  attachLinks: TitledLink[];
};

export type ApprovalResponse = {
  approved: boolean;
  message: string;
  isSuperAdmin: boolean;
  status: string;
};

// --- Public site (issue 10) ---

export type CategoryDetail = {
  name: string;
  count: number;
  items: ItemSummary[];
  subcategories: { name: string; count: number; items: ItemSummary[] }[];
};

export type ViewResponse = { viewCount: number };
export type LikeResponse = { liked: boolean; likeCount: number };
export type ShareResponse = { shareCount: number };
export type CommentPayload = { userId: string; email: string; content: string };

// --- Admin dashboard (issue 11) ---

export type AdminProfile = {
  id: string | null;
  heading: string;
  bio: string;
  image: string | null;
  socialLinks: TitledLink[];
};

export type AdminAbout = About & { id: string | null };

export type AnalyticsRange = 'day' | 'week' | 'month' | 'year' | 'all';
export type AnalyticsItemType = 'all' | 'blog' | 'project';

export type EngagementTotals = { views: number; likes: number; shares: number; comments: number };

export type LocationCount = { country: string; city: string; count: number };

export type Analytics = {
  range: AnalyticsRange;
  type: AnalyticsItemType;
  totals: EngagementTotals;
  series: (EngagementTotals & { date: string })[];
  topItems: (EngagementTotals & { id: string; type: ItemType; title: string })[];
  locations: LocationCount[];
  recentComments: { itemId: string; type: ItemType; title: string; email: string; content: string; created: string }[];
  recentLoginAttempts: number;
};

export type WebsiteAnalytics = {
  range: AnalyticsRange;
  total: number;
  series: { date: string; count: number }[];
  locations: LocationCount[];
};

export type AnalyticsSources = {
  range: AnalyticsRange;
  sources: { source: string; views: number }[];
  campaigns: { campaign: string; source: string; medium: string; views: number }[];
  devices: { device: 'desktop' | 'mobile' | 'tablet'; views: number }[];
  browsers: { name: string; views: number }[];
  systems: { name: string; views: number }[];
  pages: { path: string; views: number }[];
};

export type LiveVisitors = { visitors: number };

export type AdminUserStatus = 'pending' | 'approved' | 'rejected' | 'removed';

export type AdminUser = {
  id: string;
  email: string;
  status: AdminUserStatus;
  isSuperAdmin: boolean;
  ipAddress: string;
  location: { city: string; country: string };
  deviceInfo: string;
  browserInfo: string;
  loginAttempts: { timestamp: string; success: boolean }[];
  blockedUntil: string | null;
  createdAt: string;
};
