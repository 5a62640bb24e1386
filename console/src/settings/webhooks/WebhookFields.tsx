import { MultiSelect, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { EVENT_CHOICES } from './webhook-events';

/** The first of the API's field errors on `events` (or one of its items, `events.0`). */
export function eventsErrorOf(fieldErrors: Record<string, string>): string | undefined {
  return Object.entries(fieldErrors).find(([path]) => path.startsWith('events'))?.[1];
}

/**
 * What the endpoint's fields hold, with their setters (the state WebhookFields shows and changes),
 * and `fill`, which sets all three: to an endpoint's, or empty.
 */
export function useWebhookFields() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const fill = useCallback((hook?: { url: string; events: string[]; description?: string | null }) => {
    setUrl(hook?.url ?? '');
    setEvents(hook?.events ?? []);
    setDescription(hook?.description ?? '');
  }, []);
  return { url, setUrl, events, setEvents, description, setDescription, fill };
}

export type WebhookFieldValues = ReturnType<typeof useWebhookFields>;

/**
 * An endpoint's URL, event types and description: the fields the new-endpoint form and the edit
 * dialog share. `hints` adds the explanations the new-endpoint form shows under its fields.
 */
export function WebhookFields({
  fields: { url, setUrl, events, setEvents, description, setDescription },
  errors,
  hints = false,
}: {
  fields: WebhookFieldValues;
  errors: { url?: string; events?: string; description?: string };
  hints?: boolean;
}) {
  return (
    <>
      <TextInput
        label="URL"
        description={hints ? 'https only; events are POSTed to it, signed.' : undefined}
        type="url"
        required
        maxLength={2048}
        value={url}
        error={errors.url}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      <MultiSelect
        label="Event types"
        description={
          hints ? "Types, a resource's wildcard such as version.*, or * for every event." : undefined
        }
        data={EVENT_CHOICES}
        value={events}
        onChange={setEvents}
        error={errors.events}
        searchable
        required
      />
      <TextInput
        label="Description"
        maxLength={1000}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
    </>
  );
}
