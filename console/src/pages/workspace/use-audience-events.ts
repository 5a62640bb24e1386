import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { queryKeys } from '../../query-keys';

/**
 * Keeps an audience's screens current: the tenant's event stream (Server-Sent Events, filtered to
 * the audience) invalidates the audience, its versions and its conversation at each event, so
 * messages and drafts appear as the agent works. Returns whether the stream is open; while it is
 * not (a proxy that buffers streams, a reconnect), the workspace polls instead.
 */
export function useAudienceEvents(tenant: string, audienceId: string): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const source = new EventSource(api.eventsUrl(tenant, audienceId));
    const refresh = () => {
      for (const queryKey of queryKeys.audienceViews(tenant)) queryClient.invalidateQueries({ queryKey });
    };
    source.onopen = () => {
      setOpen(true);
      // What happened before the stream opened is read again once.
      refresh();
    };
    source.onerror = () => setOpen(false);
    for (const type of [
      'message.created',
      'version.queued',
      'version.drafted',
      'version.published',
      'version.cancelled',
      'audience.archived',
    ])
      source.addEventListener(type, refresh);
    // A visitor's view or click: only the engagement counts change.
    const counted = () => queryClient.invalidateQueries({ queryKey: queryKeys.engagement(tenant) });
    for (const type of ['page.viewed', 'cta.clicked']) source.addEventListener(type, counted);
    return () => source.close();
  }, [tenant, audienceId, queryClient]);
  return open;
}
