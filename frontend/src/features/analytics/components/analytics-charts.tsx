import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/charts/styles.layer.css';

import { AreaChart, BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Analytics, AnalyticsRange, WebsiteAnalytics } from '@/types/api';

const SERIES = [
  { name: 'views', label: 'Views', color: 'blue.6' },
  { name: 'likes', label: 'Likes', color: 'red.6' },
  { name: 'shares', label: 'Shares', color: 'teal.6' },
  { name: 'comments', label: 'Comments', color: 'yellow.6' },
  { name: 'visits', label: 'Site visits', color: 'grape.6' },
];

const monthFmt = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const hourFmt = new Intl.DateTimeFormat('en-US', { hour: 'numeric' });

/** A bucket's label: hour for a day, day for week/month, month for year/all. */
export function bucketLabel(date: string, range: AnalyticsRange) {
  if (range === 'day') return hourFmt.format(new Date(date));
  if (date.length === 7) return monthFmt.format(new Date(`${date}-01T00:00:00Z`));
  return dayFmt.format(new Date(`${date}T00:00:00Z`));
}

/** Item engagement and site visits over time, one line per action. */
export function ActivityChart({ analytics, website }: { analytics: Analytics; website?: WebsiteAnalytics }) {
  const visits = new Map(website?.series.map((p) => [p.date, p.count]) ?? []);
  const data = analytics.series.map((p) => ({
    ...p,
    visits: visits.get(p.date) ?? 0,
    label: bucketLabel(p.date, analytics.range),
  }));
  if (data.length === 0) return <Text c="dimmed" size="sm">No activity in this period.</Text>;
  return (
    <AreaChart
      h={260}
      data={data}
      dataKey="label"
      series={SERIES}
      curveType="monotone"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      gridAxis="y"
      tickLine="none"
      withDots={data.length < 40}
      fillOpacity={0.15}
      // Counts are whole numbers: ticks 0, 1, 2…, never 0.25 steps.
      yAxisProps={{ allowDecimals: false }}
      aria-label="Activity over time"
    />
  );
}

/** The most viewed items. */
export function TopItemsChart({ analytics }: { analytics: Analytics }) {
  const data = analytics.topItems.map((i) => ({
    ...i,
    label: i.title.length > 28 ? `${i.title.slice(0, 27)}…` : i.title,
  }));
  if (data.length === 0) return <Text c="dimmed" size="sm">No item was viewed in this period.</Text>;
  return (
    <BarChart
      h={Math.max(160, data.length * 34)}
      data={data}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 150 }}
      xAxisProps={{ allowDecimals: false }}
      series={SERIES.slice(0, 4)}
      type="stacked"
      gridAxis="x"
      tickLine="none"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      aria-label="Top items"
    />
  );
}
