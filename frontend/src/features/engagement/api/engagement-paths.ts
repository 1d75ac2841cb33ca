import type { ItemType } from '@/types/api';

type Action = 'view' | 'like' | 'share' | 'comment';

/** API.md's engagement routes: /api/{action}/{id} for a blog, /api/{action}-project/{id}. */
export const engagementPath = (action: Action, type: ItemType, id: string) =>
  `/api/${type === 'project' ? `${action}-project` : action}/${encodeURIComponent(id)}`;
