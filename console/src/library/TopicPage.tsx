import { Anchor, Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiProblem, api, ENTRY_CONTENT_TYPES, type EntryContent, type Topic, type TopicEntry } from '../api';
import { ConfirmDialog, FormDialog } from '../components/Dialog';
import { QueryError } from '../components/QueryError';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { TopicEntries } from './TopicEntries';

/** One topic: rename it, its entries in order (drag to reorder), add, edit and delete entries. */
export function TopicPage() {
  const { tenant = '', topicId = '' } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const key = queryKeys.topic(tenant, topicId);
  const topic = useQuery({ queryKey: key, queryFn: () => api.getTopic(tenant, topicId) });
  const [editing, setEditing] = useState<TopicEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TopicEntry | null>(null);
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: key });
    queryClient.invalidateQueries({ queryKey: queryKeys.topics(tenant) });
  };
  const reorder = useMutation({
    mutationFn: (ids: string[]) => api.reorderEntries(tenant, topicId, ids),
    // The list shows the new order at once; a refusal puts the server's order back.
    onMutate: (ids) =>
      queryClient.setQueryData<Topic>(key, (t) => {
        if (t === undefined) return t;
        const byId = new Map(t.entries.map((e) => [e.topicEntryId, e]));
        return { ...t, entries: ids.flatMap((id) => byId.get(id) ?? []) };
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (entry: TopicEntry) => api.deleteEntry(tenant, topicId, entry.topicEntryId),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  const editor = can(me, 'editor');
  const data = topic.data;
  // Reordering sends every entry; the topic answer holds the first 100 only.
  const complete = data !== undefined && data.entries.length === data.entriesCount;
  return (
    <Stack>
      <Anchor component={Link} to={`/t/${tenant}/topics`} size="sm">
        ← Topics
      </Anchor>
      <QueryError error={topic.error ?? reorder.error ?? remove.error} />
      {data ? (
        <>
          <Title order={2} className="cell-wrap">
            {data.name}
          </Title>
          {editor ? <TopicName tenant={tenant} topic={data} onSaved={refresh} /> : null}
          <Group justify="space-between">
            <Title order={3} size="h4">
              Entries ({data.entriesCount})
            </Title>
            {editor ? <Button onClick={() => setEditing('new')}>Add entry</Button> : null}
          </Group>
          {editor && complete && data.entries.length > 1 ? (
            <Text size="sm" c="dimmed">
              Drag an entry by its handle to reorder, or focus the handle and use space and the arrow keys.
            </Text>
          ) : null}
          {editor && !complete ? (
            <Text size="sm" c="dimmed">
              The first 100 entries are shown; reorder a topic this long with the CLI or the API.
            </Text>
          ) : null}
          <TopicEntries
            entries={data.entries}
            {...(editor && complete ? { onReorder: (ids: string[]) => reorder.mutate(ids) } : {})}
            {...(editor ? { onEdit: setEditing, onDelete: setDeleting } : {})}
          />
          <EntryForm
            key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.topicEntryId}
            tenant={tenant}
            topicId={topicId}
            entry={editing}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
          <ConfirmDialog
            opened={deleting !== null}
            onClose={() => setDeleting(null)}
            title="Delete this entry?"
            confirm="Delete entry"
            pending={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting)}
          >
            <Text className="cell-wrap">{deleting?.content.content}</Text>
          </ConfirmDialog>
        </>
      ) : null}
    </Stack>
  );
}

function TopicName({ tenant, topic, onSaved }: { tenant: string; topic: Topic; onSaved: () => void }) {
  const [name, setName] = useState(topic.name);
  const rename = useMutation({
    mutationFn: () => api.renameTopic(tenant, topic.topicId, name),
    onSuccess: onSaved,
  });
  const error =
    rename.error instanceof ApiProblem ? (rename.error.fieldErrors().name ?? rename.error.detail) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Rename topic">
      <Group align="end">
        <TextInput
          label="Topic name"
          maxLength={255}
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Button type="submit" variant="default" loading={rename.isPending} disabled={name === topic.name}>
          Rename
        </Button>
      </Group>
    </form>
  );
}

/** Adds an entry (at the end) or changes one's content, in a dialog. */
function EntryForm({
  tenant,
  topicId,
  entry,
  onClose,
  onSaved,
}: {
  tenant: string;
  topicId: string;
  entry: TopicEntry | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const existing = entry !== null && entry !== 'new' ? entry : null;
  const [type, setType] = useState<EntryContent['type']>(existing?.content.type ?? 'text');
  const [content, setContent] = useState(existing?.content.content ?? '');
  const [missing, setMissing] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () =>
      existing
        ? api.changeEntry(tenant, topicId, existing.topicEntryId, { type, content })
        : api.addEntry(tenant, topicId, { type, content }),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const errors = save.error instanceof ApiProblem ? save.error.fieldErrors() : {};
  const contentError = missing ?? errors['content.content'] ?? errors.content;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(content.trim() ? undefined : 'The content is required');
    if (content.trim()) save.mutate();
  };
  return (
    <FormDialog
      opened={entry !== null}
      onClose={onClose}
      title={existing ? 'Edit entry' : 'New entry'}
      size="lg"
      onSubmit={submit}
      noValidate
      error={Object.keys(errors).length > 0 ? null : save.error}
      submit={existing ? 'Save entry' : 'Add entry'}
      pending={save.isPending}
    >
      <Select
        label="Type"
        data={[...ENTRY_CONTENT_TYPES]}
        value={type}
        onChange={(value) => value && setType(value as EntryContent['type'])}
        allowDeselect={false}
        error={errors['content.type']}
      />
      <Textarea
        label="Content"
        description={type === 'url' ? 'An http(s) address.' : undefined}
        required
        autosize
        minRows={3}
        maxLength={100_000}
        value={content}
        error={contentError}
        onChange={(e) => setContent(e.currentTarget.value)}
      />
    </FormDialog>
  );
}
