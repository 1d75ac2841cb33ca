import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnalyticsItemType, AnalyticsRange, AnalyticsSources } from '@/types/api';

export const getAnalyticsSources = (range: AnalyticsRange, type: AnalyticsItemType) =>
  api<AnalyticsSources>('/api/admin/analytics/sources', { method: 'GET', query: { range, type } });

export const analyticsSourcesQueryKey = ['analytics-sources'] as const;

export const getAnalyticsSourcesQueryOptions = (range: AnalyticsRange, type: AnalyticsItemType) =>
  queryOptions({
    queryKey: [...analyticsSourcesQueryKey, range, type],
    queryFn: () => getAnalyticsSources(range, type),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAnalyticsSources = (range: AnalyticsRange, type: AnalyticsItemType) =>
  useQuery(getAnalyticsSourcesQueryOptions(range, type));
