import { getAuthToken } from '@/lib/auth';
import { ResponseError } from '@/lib/api-client';
import type { AnalyticsItemType, AnalyticsRange } from '@/types/api';

/** The series as CSV, saved through a download (the route needs the session's token, so no plain link). */
export async function downloadAnalyticsCsv(range: AnalyticsRange, type: AnalyticsItemType) {
  const url = `/api/admin/analytics.csv?${new URLSearchParams({ range, type })}`;
  const token = getAuthToken();
  const res = await fetch(url, { headers: token ? { Authorization: token } : {} });
  if (!res.ok) throw new ResponseError(url, res.status, await res.json().catch(() => ({})));
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `folio-analytics-${range}-${type}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
