import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Badge, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AnalyticsSources } from '@/types/api';
import { Card } from './analytics-card';

type Row = { key: string; label: string; hint?: string; views: number };

/** Rows with their share of the list's views as a thin bar. */
function RankTable({ rows, empty, label }: { rows: Row[]; empty: string; label: string }) {
  if (rows.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  const total = rows.reduce((n, r) => n + r.views, 0) || 1;
  return (
    <Table verticalSpacing={6} aria-label={label}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td style={{ width: '100%', maxWidth: 0 }}>
              <Text size="sm" truncate title={r.label}>{r.label}</Text>
              {r.hint && <Text size="xs" c="dimmed" truncate>{r.hint}</Text>}
              <Progress value={(100 * r.views) / total} size={4} mt={4} aria-hidden />
            </Table.Td>
            <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={600}>{r.views}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const SOURCE_VIEWS = [
  { value: 'sources', label: 'Sources' },
  { value: 'campaigns', label: 'Campaigns' },
  { value: 'pages', label: 'Pages' },
];

/** Where views came from: referrers (or utm_source), campaigns and the most viewed pages. */
export function SourcesCard({ data }: { data?: AnalyticsSources }) {
  const [view, setView] = useState('sources');
  const rows: Row[] =
    view === 'campaigns'
      ? (data?.campaigns ?? []).map((c) => ({ key: `${c.campaign}|${c.source}|${c.medium}`, label: c.campaign, hint: [c.source, c.medium].filter(Boolean).join(' · '), views: c.views }))
      : view === 'pages'
        ? (data?.pages ?? []).map((p) => ({ key: p.path, label: p.path, views: p.views }))
        : (data?.sources ?? []).map((s) => ({ key: s.source, label: s.source, views: s.views }));
  return (
    <Card title="Sources" description="Where views came from: the referring site, or the link's utm_source">
      <Stack gap="sm">
        <SegmentedControl aria-label="Sources view" size="xs" value={view} onChange={setView} data={SOURCE_VIEWS} />
        <RankTable rows={rows} label={`${SOURCE_VIEWS.find((v) => v.value === view)?.label} list`} empty="No views in this period." />
      </Stack>
    </Card>
  );
}

const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** What readers used: device class, browser and operating system. */
export function DevicesCard({ data }: { data?: AnalyticsSources }) {
  const [view, setView] = useState('devices');
  const rows: Row[] =
    view === 'browsers'
      ? (data?.browsers ?? []).map((b) => ({ key: b.name, label: b.name, views: b.views }))
      : view === 'systems'
        ? (data?.systems ?? []).map((s) => ({ key: s.name, label: s.name, views: s.views }))
        : (data?.devices ?? []).map((d) => ({ key: d.device, label: DEVICE_LABELS[d.device] ?? d.device, views: d.views }));
  const views = [
    { value: 'devices', label: 'Devices' },
    { value: 'browsers', label: 'Browsers' },
    { value: 'systems', label: 'Systems' },
  ];
  return (
    <Card title="Devices" description="Views by device, browser and operating system">
      <Stack gap="sm">
        <SegmentedControl aria-label="Devices view" size="xs" value={view} onChange={setView} data={views} />
        <RankTable rows={rows} label={`${views.find((v) => v.value === view)?.label} list`} empty="No views in this period." />
      </Stack>
    </Card>
  );
}

/** Visitors with a view in the last 5 minutes. */
export function LiveNow({ visitors }: { visitors?: number }) {
  return (
    <Badge variant="light" color="blue" size="lg" radius="sm" data-testid="live-visitors"
      aria-label={visitors === undefined ? 'Live visitors loading' : `${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} now, in the last 5 minutes`}
      leftSection={<span aria-hidden style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: 'var(--mantine-color-green-6)' }} />}>
      {visitors ?? '–'} now
    </Badge>
  );
}
