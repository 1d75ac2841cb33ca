import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Analytics, AnalyticsItemType, AnalyticsRange, WebsiteAnalytics } from '@/types/api';

export const getAnalytics = (range: AnalyticsRange, type: AnalyticsItemType) =>
  api<Analytics>('/api/admin/analytics', { method: 'GET', query: { range, type } });

export const getWebsiteAnalytics = (range: AnalyticsRange) =>
  api<WebsiteAnalytics>('/api/admin/website-analytics', { method: 'GET', query: { range } });

export const analyticsQueryKey = ['analytics'] as const;
export const websiteAnalyticsQueryKey = ['website-analytics'] as const;

export const getAnalyticsQueryOptions = (range: AnalyticsRange, type: AnalyticsItemType) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, range, type],
    queryFn: () => getAnalytics(range, type),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const getWebsiteAnalyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: [...websiteAnalyticsQueryKey, range],
    queryFn: () => getWebsiteAnalytics(range),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange, type: AnalyticsItemType) =>
  useQuery(getAnalyticsQueryOptions(range, type));

export const useWebsiteAnalytics = (range: AnalyticsRange) => useQuery(getWebsiteAnalyticsQueryOptions(range));
