import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type EngagementCounts, engagementApi } from '../../api';
import { plural } from '../../components/plural';
import { queryKeys } from '../../query-keys';

/** A page's engagement, read once per screen and kept current by the event stream (page.viewed). */
export function usePageEngagement(tenant: string, pageId: string) {
  return useQuery({
    queryKey: queryKeys.engagement(tenant, pageId),
    queryFn: () => engagementApi.pageEngagement(tenant, pageId),
  });
}

/** "12 views, 9 visitors, 3 clicks, CTR 25 %, 2 leads (17 %)", or "No views yet". */
export function EngagementSummary({ counts }: { counts: EngagementCounts | undefined }) {
  if (counts === undefined || (counts.views === 0 && counts.clicks === 0 && counts.submissions === 0))
    return (
      <Text size="xs" c="dimmed">
        No views yet
      </Text>
    );
  const ctr = `${Math.round(counts.clickThroughRate * 1000) / 10} %`;
  return (
    <Text size="xs">
      {plural(counts.views, 'view')}, {plural(counts.uniqueVisitors, 'visitor')},{' '}
      {plural(counts.clicks, 'click')}, CTR {ctr}
      {counts.submissions > 0 &&
        `, ${plural(counts.submissions, 'lead')} (${Math.round(counts.conversionRate * 1000) / 10} %)`}
    </Text>
  );
}
