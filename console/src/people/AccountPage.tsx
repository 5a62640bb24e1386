import { Anchor, Badge, Button, Group, List, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ActivityItem, ApiProblem, api } from '../api';
import { LoadMore } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { TraitsEditor } from '../components/TraitsEditor';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { ACCOUNT_TRAITS } from './traits';

/** A log's text when it has one (notes, CRM entries), else its payload as JSON, kept short. */
function summaryOf(item: ActivityItem): string {
  const text = item.payload.text;
  const shown = typeof text === 'string' ? text : JSON.stringify(item.payload);
  return shown.length > 400 ? `${shown.slice(0, 400)}…` : shown;
}

/** An account: rename it and set its traits (editor), its linked persons and its activity timeline (viewer). */
export function AccountPage() {
  const { tenant = '', accountId = '' } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: queryKeys.account(tenant, accountId),
    queryFn: () => api.getAccount(tenant, accountId),
  });
  const activity = usePaged(queryKeys.activity(tenant, accountId), (cursor) =>
    api.listActivity(tenant, accountId, cursor),
  );
  // No route lists an account's persons: a person is linked by its domain, so the account's
  // persons are found among the tenant's persons, newest first, a page at a time.
  const persons = usePaged(queryKeys.personPages(tenant), (cursor) => api.listPersons(tenant, cursor));
  const [name, setName] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (newName: string) => api.renameAccount(tenant, accountId, newName),
    onSuccess: (renamed) => {
      queryClient.setQueryData(queryKeys.account(tenant, accountId), renamed);
      queryClient.invalidateQueries({ queryKey: queryKeys.accounts(tenant) });
      setName(null);
    },
  });
  const nameError =
    rename.error instanceof ApiProblem ? (rename.error.fieldErrors().name ?? rename.error.detail) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name !== null) rename.mutate(name);
  };
  const domain = account.data?.domain.toLowerCase();
  const linked = persons.items.filter(
    (person) => domain !== undefined && person.domain?.toLowerCase() === domain,
  );
  const items = activity.items;
  const editor = can(me, 'editor');
  return (
    <Stack>
      <Anchor component={Link} to={`/t/${tenant}/accounts`}>
        ← Accounts
      </Anchor>
      <QueryError error={account.error} />
      {account.data ? (
        <>
          <Title order={2} className="cell-wrap">
            {account.data.name}
          </Title>
          <Text size="sm">
            {account.data.domain} · created {new Date(account.data.createdAt).toLocaleString()}
          </Text>
          {editor ? (
            <form onSubmit={submit}>
              <Group align="start">
                <TextInput
                  label="Account name"
                  required
                  maxLength={255}
                  value={name ?? account.data.name}
                  error={nameError}
                  onChange={(e) => setName(e.currentTarget.value)}
                  w={{ base: '100%', sm: 320 }}
                />
                <Button type="submit" mt={25} loading={rename.isPending} disabled={name === null}>
                  Rename
                </Button>
              </Group>
            </form>
          ) : null}
        </>
      ) : null}
      {account.data ? (
        <TraitsEditor
          what="account"
          traits={account.data.traits ?? {}}
          known={ACCOUNT_TRAITS}
          editable={editor}
          save={(change) => api.setAccountTraits(tenant, accountId, change)}
          onSaved={() => queryClient.invalidateQueries({ queryKey: queryKeys.account(tenant, accountId) })}
        />
      ) : null}
      <Title order={3}>Linked persons ({account.data?.linkedPersonsCount ?? '…'})</Title>
      <QueryError error={persons.error} />
      {linked.length > 0 ? (
        <List>
          {linked.map((person) => (
            <List.Item key={person.personId} className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/persons/${person.personId}`}>
                {person.name}
              </Anchor>
              {person.email ? ` <${person.email}>` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
      {account.data && linked.length < account.data.linkedPersonsCount && persons.hasMore ? (
        <Group>
          <Text size="sm">
            {linked.length} found among the newest {persons.items.length} persons.
          </Text>
          <Button size="xs" variant="default" onClick={() => persons.more()} loading={persons.loadingMore}>
            Look through older persons
          </Button>
        </Group>
      ) : null}
      <Title order={3}>Activity</Title>
      <QueryError error={activity.error} />
      {activity.isPending ? <Text>Loading…</Text> : null}
      {!activity.isPending && items.length === 0 ? <Text>No activity yet.</Text> : null}
      <Timeline bulletSize={14} lineWidth={2}>
        {items.map((item) => (
          <Timeline.Item
            key={item.activityId}
            title={
              <Group gap="xs">
                <Badge color={item.personId ? 'indigo.9' : 'gray.7'}>{item.type}</Badge>
                <Text size="sm" fw={600} className="cell-wrap">
                  {item.personName ?? 'Account'} · {item.source}
                </Text>
              </Group>
            }
          >
            <Text size="sm" className="cell-wrap">
              {summaryOf(item)}
            </Text>
            <Text size="xs" c="gray.7">
              {new Date(item.createdAt).toLocaleString()}
              {item.deletedAt ? ' · deleted' : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <LoadMore paged={activity} />
    </Stack>
  );
}
