import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_VISITORS_POLL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { LiveVisitors } from '@/types/api';

export const getLiveVisitors = () => api<LiveVisitors>('/api/admin/analytics/live', { method: 'GET' });

export const liveVisitorsQueryKey = ['analytics-live'] as const;

/** Visitors of the last 5 minutes: read again with the live refresh, and every 30 s as they leave. */
export const getLiveVisitorsQueryOptions = () =>
  queryOptions({ queryKey: liveVisitorsQueryKey, queryFn: getLiveVisitors, staleTime: 0, refetchInterval: LIVE_VISITORS_POLL_MS });

export const useLiveVisitors = () => useQuery(getLiveVisitorsQueryOptions());
