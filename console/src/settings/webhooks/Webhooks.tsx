import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiProblem, api, type Webhook } from '../../api';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { PagedTable } from '../../components/PagedTable';
import { plural } from '../../components/plural';
import { QueryError } from '../../components/QueryError';
import { TitledForm } from '../../components/TitledForm';
import { usePaged } from '../../components/use-paged';
import { queryKeys } from '../../query-keys';
import { WebhookEditDialog } from './WebhookEditDialog';
import { eventsErrorOf, useWebhookFields, WebhookFields } from './WebhookFields';
import { WebhookRotateDialog } from './WebhookRotateDialog';

/**
 * The tenant's webhook endpoints (admin): create one (its secret shown once), edit one, rotate its
 * secret (the new one shown once), delete one.
 */
export function Webhooks() {
  const { tenant = '' } = useParams();
  const queryClient = useQueryClient();
  const webhooks = usePaged(queryKeys.webhooks(tenant), (cursor) => api.listWebhooks(tenant, cursor));
  const fields = useWebhookFields();
  const [eventsMissing, setEventsMissing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(tenant) });
  const create = useMutation({
    mutationFn: () =>
      api.createWebhook(tenant, {
        url: fields.url.trim(),
        events: fields.events,
        ...(fields.description.trim() ? { description: fields.description.trim() } : {}),
      }),
    onSuccess: (created) => {
      setSecret(created.secret ?? null);
      fields.fill();
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (webhookId: string) => api.deleteWebhook(tenant, webhookId),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  const fieldErrors = create.error instanceof ApiProblem ? create.error.fieldErrors() : {};
  const eventsError = eventsMissing ? 'Choose at least one event type' : eventsErrorOf(fieldErrors);
  const hasFieldError = fieldErrors.url !== undefined || eventsError !== undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The API wants at least one type; say so beside the field rather than after a round trip.
    setEventsMissing(fields.events.length === 0);
    if (fields.events.length > 0) create.mutate();
  };
  // Edit, rotate, delete: in the table and on a phone's card.
  const hookActions = (hook: Webhook) => (
    <Group gap={4} wrap="wrap">
      <Button size="xs" variant="default" onClick={() => setEditing(hook)} aria-label={`Edit ${hook.url}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setRotating(hook)}
        aria-label={`Rotate secret of ${hook.url}`}
      >
        Rotate secret
      </Button>
      <Button size="xs" variant="default" onClick={() => setDeleting(hook)} aria-label={`Delete ${hook.url}`}>
        Delete
      </Button>
    </Group>
  );
  return (
    <Stack>
      <Title order={2}>Webhooks</Title>
      <TitledForm id="new-webhook" title="New endpoint" onSubmit={submit} maw={640}>
        <WebhookFields fields={fields} errors={{ url: fieldErrors.url, events: eventsError }} hints />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create endpoint
          </Button>
        </Group>
      </TitledForm>
      <QueryError error={webhooks.error ?? (hasFieldError ? null : create.error) ?? remove.error} />
      <PagedTable
        paged={webhooks}
        minWidth={900}
        caption={({ items }) => plural(items.length, 'endpoint')}
        columns={['URL', 'Event types', 'State', 'Created', 'Actions']}
        card={(hook) => ({
          key: hook.webhookId,
          title: hook.url,
          to: `/t/${tenant}/settings/webhooks/${hook.webhookId}`,
          subtitle: hook.description || null,
          badge: <WebhookState hook={hook} />,
          facts: [
            ['Event types', hook.events.join(', ')],
            ['Created', new Date(hook.createdAt).toLocaleString()],
          ],
          actions: hookActions(hook),
        })}
        row={(hook) => (
          <Table.Tr key={hook.webhookId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/settings/webhooks/${hook.webhookId}`}>
                {hook.url}
              </Anchor>
              {hook.description ? (
                <Text size="sm" c="gray.7">
                  {hook.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td className="cell-wrap">{hook.events.join(', ')}</Table.Td>
            <Table.Td className="nowrap">
              <WebhookState hook={hook} />
            </Table.Td>
            <Table.Td>{new Date(hook.createdAt).toLocaleString()}</Table.Td>
            <Table.Td>{hookActions(hook)}</Table.Td>
          </Table.Tr>
        )}
      />
      <Dialog opened={secret !== null} onClose={() => setSecret(null)} title="The endpoint's signing secret">
        <Stack>
          <Text>
            Your receiver checks each delivery's signature with this secret. Copy it now: it is shown only
            once.
          </Text>
          <Code block>{secret}</Code>
          <Group justify="end">
            <Button onClick={() => setSecret(null)}>Done</Button>
          </Group>
        </Stack>
      </Dialog>
      <WebhookEditDialog
        tenant={tenant}
        hook={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <WebhookRotateDialog
        tenant={tenant}
        hook={rotating}
        onClose={() => setRotating(null)}
        onRotated={refresh}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this endpoint?"
        confirm="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.webhookId)}
      >
        <Text className="cell-wrap">
          Nothing more is sent to {deleting?.url}, and its delivery log is deleted with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export function WebhookState({ hook }: { hook: Webhook }) {
  if (!hook.enabled) {
    return (
      <Badge color="red.9">{hook.disabledReason ? `disabled: ${hook.disabledReason}` : 'disabled'}</Badge>
    );
  }
  if (hook.failingSince) return <Badge color="orange.9">failing</Badge>;
  return <Badge color="teal.9">enabled</Badge>;
}
