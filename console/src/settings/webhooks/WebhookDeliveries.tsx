import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, type WebhookDelivery } from '../../api';
import { PagedTable } from '../../components/PagedTable';
import { plural } from '../../components/plural';
import { QueryError } from '../../components/QueryError';
import { usePaged } from '../../components/use-paged';
import { queryKeys } from '../../query-keys';
import { WebhookChecks } from './WebhookChecks';
import { WebhookState } from './Webhooks';

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = {
  pending: 'gray.7',
  succeeded: 'teal.9',
  failed: 'red.9',
};

/** The newest attempt's HTTP status, or its error when the endpoint never answered. */
function lastResponse(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  if (last === undefined) return '—';
  return last.responseStatus !== null ? String(last.responseStatus) : (last.error ?? '—');
}

/** One endpoint's delivery log, newest first (admin), with a test event and replays. */
export function WebhookDeliveries() {
  const { tenant = '', webhookId = '' } = useParams();
  const queryClient = useQueryClient();
  const hook = useQuery({
    queryKey: queryKeys.webhook(tenant, webhookId),
    queryFn: () => api.getWebhook(tenant, webhookId),
  });
  const deliveries = usePaged(queryKeys.deliveries(tenant, webhookId), (cursor) =>
    api.listDeliveries(tenant, webhookId, cursor),
  );
  const replay = useMutation({
    mutationFn: (deliveryId: string) => api.replayDelivery(tenant, webhookId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveries(tenant, webhookId) }),
  });
  // A delivery replayed once says so; the others can be replayed (in the table and on a phone's card).
  const replayAction = (delivery: WebhookDelivery) =>
    delivery.replayedBy ? (
      <Text size="sm">replayed</Text>
    ) : (
      <Button
        size="xs"
        variant="default"
        loading={replay.isPending && replay.variables === delivery.deliveryId}
        onClick={() => replay.mutate(delivery.deliveryId)}
        aria-label={`Replay ${delivery.eventType} ${delivery.eventId}`}
      >
        Replay
      </Button>
    );
  return (
    <Stack>
      <Anchor component={Link} to={`/t/${tenant}/settings/webhooks`}>
        ← Webhooks
      </Anchor>
      <Title order={2}>Deliveries</Title>
      {hook.data ? (
        <Group gap="sm">
          <Text className="cell-wrap" fw={600}>
            {hook.data.url}
          </Text>
          <WebhookState hook={hook.data} />
          <Text size="sm">
            Secret <Code>{hook.data.secretPrefix}…</Code> · {hook.data.events.join(', ')}
          </Text>
        </Group>
      ) : null}
      <WebhookChecks tenant={tenant} webhookId={webhookId} />
      <QueryError error={hook.error ?? deliveries.error ?? replay.error} />
      <PagedTable
        paged={deliveries}
        minWidth={760}
        caption={({ items }) =>
          items.length === 0
            ? 'No deliveries yet: they appear once an event the endpoint subscribes to happens.'
            : plural(items.length, 'delivery', 'deliveries')
        }
        columns={['Event', 'Status', 'Attempts', 'Response', 'Created', 'Actions']}
        card={(delivery) => ({
          key: delivery.deliveryId,
          title: delivery.eventType,
          subtitle: `${delivery.eventId}${delivery.replayOf ? ' · a replay' : ''}`,
          badge: <Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>,
          facts: [
            ['Attempts', String(delivery.attemptCount)],
            ['Response', lastResponse(delivery)],
            ['Created', new Date(delivery.createdAt).toLocaleString()],
          ],
          actions: replayAction(delivery),
        })}
        row={(delivery) => (
          <Table.Tr key={delivery.deliveryId}>
            <Table.Td className="cell-wrap">
              {delivery.eventType}
              <Text size="xs" c="gray.7">
                {delivery.eventId}
                {delivery.replayOf ? ' · a replay' : ''}
              </Text>
            </Table.Td>
            <Table.Td className="nowrap">
              <Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>
            </Table.Td>
            <Table.Td>{delivery.attemptCount}</Table.Td>
            <Table.Td className="cell-wrap">{lastResponse(delivery)}</Table.Td>
            <Table.Td>{new Date(delivery.createdAt).toLocaleString()}</Table.Td>
            <Table.Td>{replayAction(delivery)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
