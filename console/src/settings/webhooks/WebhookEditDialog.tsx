import { Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiProblem, type Webhook, webhookEditApi } from '../../api';
import { FormDialog } from '../../components/Dialog';
import { eventsErrorOf, useWebhookFields, WebhookFields } from './WebhookFields';

/**
 * Edits an endpoint (PATCH): its URL, event types, description, and enabled (enabling it again
 * clears the reason Quire disabled it for). Only what changed is sent; the API's errors show
 * beside their fields.
 */
export function WebhookEditDialog({
  tenant,
  hook,
  onClose,
  onSaved,
}: {
  tenant: string;
  hook: Webhook | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const fields = useWebhookFields();
  const { url, events, description, fill } = fields;
  const [enabled, setEnabled] = useState(true);
  const save = useMutation({
    mutationFn: (h: Webhook) => webhookEditApi.updateWebhook(tenant, h.webhookId, changes(h)),
    onSuccess: onSaved,
  });
  const { reset } = save;
  useEffect(() => {
    if (hook === null) return;
    fill(hook);
    setEnabled(hook.enabled);
    reset();
  }, [hook, reset, fill]);
  const changes = (h: Webhook) => ({
    ...(url.trim() !== h.url ? { url: url.trim() } : {}),
    ...(events.join(' ') !== h.events.join(' ') ? { events } : {}),
    ...(description.trim() !== (h.description ?? '') ? { description: description.trim() || null } : {}),
    ...(enabled !== h.enabled ? { enabled } : {}),
  });
  const fieldErrors = save.error instanceof ApiProblem ? save.error.fieldErrors() : {};
  const eventsError = events.length === 0 ? 'Choose at least one event type' : eventsErrorOf(fieldErrors);
  const known = ['url', 'description'].some((f) => fieldErrors[f] !== undefined) || eventsError !== undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hook === null || events.length === 0) return;
    if (Object.keys(changes(hook)).length === 0) onClose();
    else save.mutate(hook);
  };
  return (
    <FormDialog
      opened={hook !== null}
      onClose={onClose}
      title="Edit endpoint"
      size="lg"
      onSubmit={submit}
      error={known ? null : save.error}
      submit="Save endpoint"
      pending={save.isPending}
    >
      <WebhookFields
        fields={fields}
        errors={{ url: fieldErrors.url, events: eventsError, description: fieldErrors.description }}
      />
      <Switch
        label="Enabled"
        description={
          hook && !hook.enabled && hook.disabledReason
            ? `Quire disabled it: ${hook.disabledReason}. Enabling it clears that.`
            : undefined
        }
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
