import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Alert, Anchor, Box, Button, Group, Paper, ScrollArea, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconEye, IconHeart, IconLogin2, IconMessage, IconShare, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ANALYTICS_ITEM_TYPES,
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  LOCATIONS_LIST_HEIGHT,
  RECENT_LOGIN_WINDOW_MINUTES,
} from '@/config/constants';
import { itemHref } from '@/config/paths';
import { useLiveRefresh } from '@/hooks/use-live-refresh';
import type { AnalyticsItemType, AnalyticsRange, LocationCount } from '@/types/api';
import { parseApiError } from '@/lib/errors';
import { downloadAnalyticsCsv } from '../api/download-analytics-csv';
import { analyticsQueryKey, useAnalytics, useWebsiteAnalytics, websiteAnalyticsQueryKey } from '../api/get-analytics';
import { analyticsSourcesQueryKey, useAnalyticsSources } from '../api/get-analytics-sources';
import { liveVisitorsQueryKey, useLiveVisitors } from '../api/get-live-visitors';
import { Card } from './analytics-card';
import { DevicesCard, LiveNow, SourcesCard } from './analytics-sources';
import classes from './analytics-panel.module.css';

// Charts (recharts) load in their own chunk.
const ActivityChart = lazy(() => import('./analytics-charts').then((m) => ({ default: m.ActivityChart })));
const TopItemsChart = lazy(() => import('./analytics-charts').then((m) => ({ default: m.TopItemsChart })));

function StatCard({ label, value, icon: Icon, color, hint }: { label: string; value: number | undefined; icon: typeof IconEye; color: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value ?? '–'}
          </Text>
          {hint && <Text size="xs" c="dimmed">{hint}</Text>}
        </div>
        <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden>
          <Icon size={20} stroke={1.5} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

const place = (l: LocationCount) => [l.city, l.country].filter(Boolean).join(', ') || 'Unknown';

/** The Analytics tab: filters, totals, charts, locations and comments; live through realtime. */
export function AnalyticsPanel() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [type, setType] = useState<AnalyticsItemType>('all');
  const analytics = useAnalytics(range, type);
  const website = useWebsiteAnalytics(range);
  const sources = useAnalyticsSources(range, type);
  const live = useLiveVisitors();
  const [csv, setCsv] = useState<{ busy: boolean; error?: string }>({ busy: false });
  useLiveRefresh('events', [analyticsQueryKey, websiteAnalyticsQueryKey, analyticsSourcesQueryKey, liveVisitorsQueryKey]);
  const download = () => {
    setCsv({ busy: true });
    downloadAnalyticsCsv(range, type)
      .then(() => setCsv({ busy: false }))
      .catch((err: unknown) => setCsv({ busy: false, error: parseApiError(err, 'The CSV could not be downloaded.').message }));
  };
  const a = analytics.data;

  // Item and site-view locations together, biggest first.
  const locations = new Map<string, LocationCount>();
  for (const l of [...(a?.locations ?? []), ...(website.data?.locations ?? [])]) {
    const key = `${l.city}|${l.country}`;
    const prev = locations.get(key);
    locations.set(key, { ...l, count: (prev?.count ?? 0) + l.count });
  }
  const locationList = [...locations.values()].sort((x, y) => y.count - x.count);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2} size="h3">Analytics</Title>
            <LiveNow visitors={live.data?.visitors} />
          </Group>
          <Text size="sm" c="dimmed">Updates live as readers visit, like, share and comment.</Text>
        </div>
        <Group gap="sm">
          <SegmentedControl aria-label="Time range" value={range} onChange={(v) => setRange(v as AnalyticsRange)}
            data={ANALYTICS_RANGES.map((r) => ({ ...r }))} size="xs" />
          <SegmentedControl aria-label="Item type" value={type} onChange={(v) => setType(v as AnalyticsItemType)}
            data={ANALYTICS_ITEM_TYPES.map((t) => ({ ...t }))} size="xs" />
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={download} loading={csv.busy}>
            Download CSV
          </Button>
        </Group>
      </Group>

      {analytics.isError && <Alert color="red" variant="light">Analytics could not be loaded.</Alert>}
      {csv.error && <Alert color="red" variant="light" withCloseButton onClose={() => setCsv({ busy: false })}>{csv.error}</Alert>}

      <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
        <StatCard label="Views" value={a?.totals.views} icon={IconEye} color="blue" />
        <StatCard label="Likes" value={a?.totals.likes} icon={IconHeart} color="red" />
        <StatCard label="Shares" value={a?.totals.shares} icon={IconShare} color="teal" />
        <StatCard label="Comments" value={a?.totals.comments} icon={IconMessage} color="yellow" />
        <StatCard label="Site visits" value={website.data?.total} icon={IconWorld} color="grape" />
        <StatCard label="Login attempts" value={a?.recentLoginAttempts} icon={IconLogin2} color="gray"
          hint={`Last ${RECENT_LOGIN_WINDOW_MINUTES} minutes`} />
      </SimpleGrid>

      <div className={classes.columns}>
        <Stack gap="md" miw={0}>
          <Card title="Locations" description="Where readers and visitors came from">
            <ScrollArea.Autosize mah={LOCATIONS_LIST_HEIGHT} type="auto" offsetScrollbars tabIndex={0} aria-label="Locations list">
              {locationList.length === 0 ? (
                <Text size="sm" c="dimmed">No locations yet.</Text>
              ) : (
                <Table verticalSpacing={6} highlightOnHover>
                  <Table.Tbody>
                    {locationList.map((l) => (
                      <Table.Tr key={`${l.city}|${l.country}`}>
                        <Table.Td><Text size="sm">{place(l)}</Text></Table.Td>
                        <Table.Td ta="right"><Text size="sm" fw={600}>{l.count}</Text></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </ScrollArea.Autosize>
          </Card>
          <Card title="Recent comments">
            {!a || a.recentComments.length === 0 ? (
              <Text size="sm" c="dimmed">No comments in this period.</Text>
            ) : (
              <ScrollArea.Autosize mah={LOCATIONS_LIST_HEIGHT * 1.5} type="auto" offsetScrollbars tabIndex={0} aria-label="Recent comments list">
                <Stack gap="sm">
                  {a.recentComments.map((c) => (
                    <Box key={`${c.itemId}${c.created}${c.email}`} className={classes.comment}>
                      <Group justify="space-between" gap={4} wrap="nowrap">
                        <Text size="sm" fw={600} truncate>{c.email}</Text>
                        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>{new Date(c.created).toLocaleDateString()}</Text>
                      </Group>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.content}</Text>
                      <Anchor component={Link} to={itemHref(c.type, c.itemId)} size="xs">on {c.title}</Anchor>
                    </Box>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Card>
        </Stack>
        <Stack gap="md" miw={0}>
          <Card title="Activity" description="Views, likes, shares, comments and site visits over time">
            <Suspense fallback={<Skeleton h={260} />}>
              {a ? <ActivityChart analytics={a} website={website.data} /> : <Skeleton h={260} />}
            </Suspense>
          </Card>
          <Card title="Top items" description="The most viewed, with their engagement">
            <Suspense fallback={<Skeleton h={200} />}>{a ? <TopItemsChart analytics={a} /> : <Skeleton h={200} />}</Suspense>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SourcesCard data={sources.data} />
            <DevicesCard data={sources.data} />
          </SimpleGrid>
        </Stack>
      </div>
    </Stack>
  );
}
