import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiProblem, webhookCheckApi } from '../../api';
import { QueryError } from '../../components/QueryError';
import { queryKeys } from '../../query-keys';

/** `datetime-local` wants local time without a zone: `2026-11-27T10:05`. */
function localInputValue(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * An endpoint's checks (admin; the server enforces it): send a test event now, and replay the
 * failed deliveries since a time, e.g. after the receiver was down. Both land in the delivery log.
 */
export function WebhookChecks({ tenant, webhookId }: { tenant: string; webhookId: string }) {
  const queryClient = useQueryClient();
  const refreshLog = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.deliveries(tenant, webhookId) });
  // A day back: the usual "the receiver was down since yesterday".
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 86_400_000)));
  const [sinceError, setSinceError] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () => webhookCheckApi.sendTestEvent(tenant, webhookId),
    onSettled: refreshLog,
  });
  const replay = useMutation({
    mutationFn: (at: string) => webhookCheckApi.replayFailedSince(tenant, webhookId, at),
    onSuccess: refreshLog,
    onError: (error) => {
      const field = error instanceof ApiProblem ? error.fieldErrors().since : undefined;
      if (field !== undefined) setSinceError(field);
    },
  });
  const submitReplay = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(since);
    if (since === '' || Number.isNaN(at.getTime())) {
      setSinceError('Choose a date and time');
      return;
    }
    setSinceError(null);
    replay.mutate(at.toISOString());
  };
  const lastTest = test.data?.attempts.at(-1);
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <Group align="flex-end" gap="xs">
          <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            Send test event
          </Button>
          {test.data ? (
            <Text size="sm" role="status" className="cell-wrap">
              Test event {test.data.status}
              {lastTest
                ? `: ${lastTest.responseStatus !== null ? `HTTP ${lastTest.responseStatus}` : (lastTest.error ?? '')}`
                : ''}
            </Text>
          ) : null}
        </Group>
        <form onSubmit={submitReplay}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              type="datetime-local"
              label="Replay failed deliveries since"
              value={since}
              onChange={(e) => setSince(e.currentTarget.value)}
              error={sinceError}
            />
            <Button type="submit" variant="default" loading={replay.isPending}>
              Replay failed
            </Button>
          </Group>
        </form>
        {replay.data ? (
          <Text size="sm" role="status">
            {replay.data.replayed === 1
              ? '1 failed delivery replayed'
              : `${replay.data.replayed} failed deliveries replayed`}
            {replay.data.hasMore ? '; more are left: replay again' : ''}
          </Text>
        ) : null}
      </Group>
      <QueryError error={test.error ?? (sinceError === null ? replay.error : null)} />
    </Paper>
  );
}
