import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Audience, api, type Person, searchApi } from '../api';
import { PagedTable } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { Section } from '../components/Section';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { EngagementSummary, usePageEngagement } from './workspace/Engagement';

/** A page's audiences (status, person, published or not), a new one for a person or general, archive. */
export function PageAudiences({ tenant, pageId }: { tenant: string; pageId: string }) {
  const editable = can(useMe(), 'editor');
  const queryClient = useQueryClient();
  const audiences = usePaged(queryKeys.audiences(tenant, pageId), (cursor) =>
    api.listAudiences(tenant, pageId, cursor),
  );
  const persons = useQuery({
    queryKey: queryKeys.newestPersons(tenant),
    queryFn: () => api.listPersons(tenant),
    enabled: editable,
  });
  const personName = (id: string | null) =>
    id === null ? '—' : (persons.data?.items.find((p) => p.personId === id)?.name ?? id);
  const engagement = usePageEngagement(tenant, pageId);
  const totalOf = (audienceId: string) =>
    engagement.data?.audiences?.find((c) => c.audienceId === audienceId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.audiences(tenant, pageId) });
  const lifecycle = useMutation({
    mutationFn: (a: Audience) =>
      a.archivedAt ? api.unarchiveAudience(tenant, a.audienceId) : api.archiveAudience(tenant, a.audienceId),
    onSuccess: refresh,
  });

  // Archive or bring back an audience: in the table and on a phone's card.
  const lifecycleButton = (a: (typeof audiences.items)[number]) => (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={`${a.archivedAt ? 'Unarchive' : 'Archive'} ${a.effectiveName}`}
      onClick={() => lifecycle.mutate(a)}
      loading={lifecycle.isPending && lifecycle.variables?.audienceId === a.audienceId}
    >
      {a.archivedAt ? 'Unarchive' : 'Archive'}
    </Button>
  );
  return (
    <Section id="audiences-heading" title="Audiences">
      <QueryError error={audiences.error ?? lifecycle.error} />
      {editable ? (
        <Anchor component={Link} to={`/t/${tenant}/pages/${pageId}/import`}>
          Import a target list (CSV): an audience per row
        </Anchor>
      ) : null}
      {editable ? <NewAudience tenant={tenant} pageId={pageId} persons={persons.data?.items ?? []} /> : null}
      {audiences.query.isSuccess && audiences.items.length === 0 ? (
        <Text c="dimmed">No audience yet.</Text>
      ) : null}
      {audiences.items.length > 0 ? (
        <PagedTable
          paged={audiences}
          minWidth={720}
          label="Audiences"
          columns={['Audience', 'Status', 'Person', 'Published', 'Engagement', editable ? 'Actions' : null]}
          card={(a) => ({
            key: a.audienceId,
            title: a.effectiveName,
            to: `/t/${tenant}/pages/${pageId}/audiences/${a.audienceId}`,
            badge: <Badge color="gray.7">{a.archivedAt ? 'archived' : a.status}</Badge>,
            facts: [
              ['Person', a.personId ? personName(a.personId) : null],
              [
                'Published',
                a.publishedVersion ? `version ${a.publishedVersion.versionNumber}` : 'not published',
              ],
              ['Engagement', <EngagementSummary key="engagement" counts={totalOf(a.audienceId)} />],
            ],
            actions: editable ? lifecycleButton(a) : null,
          })}
          row={(a) => (
            <Table.Tr key={a.audienceId}>
              <Table.Td className="cell-wrap">
                <Anchor component={Link} to={`/t/${tenant}/pages/${pageId}/audiences/${a.audienceId}`}>
                  {a.effectiveName}
                </Anchor>
              </Table.Td>
              <Table.Td className="nowrap">
                <Badge color="gray.7">{a.archivedAt ? 'archived' : a.status}</Badge>
              </Table.Td>
              <Table.Td className="cell-wrap">{personName(a.personId)}</Table.Td>
              <Table.Td>
                {a.publishedVersion ? `version ${a.publishedVersion.versionNumber}` : 'not published'}
              </Table.Td>
              <Table.Td>
                <EngagementSummary counts={totalOf(a.audienceId)} />
              </Table.Td>
              {editable ? <Table.Td>{lifecycleButton(a)}</Table.Td> : null}
            </Table.Tr>
          )}
        />
      ) : null}
    </Section>
  );
}

/**
 * A person audience (the person found by a search of the tenant's persons by name, email or
 * domain; the newest 100 before anything is typed) or a general one (optionally named); creating it queues version 1 for the agent.
 */
function NewAudience({ tenant, pageId, persons }: { tenant: string; pageId: string; persons: Person[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState('person');
  const [personId, setPersonId] = useState<string | null>(null);
  // What is typed in the person box searches the server (name, email or domain), not only the
  // newest persons; the chosen person stays among the options so its label stays shown.
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const [chosen, setChosen] = useState<Person | null>(null);
  // Choosing a person puts its label in the box: that is no search.
  const searching = q !== '' && (chosen === null || q !== personLabel(chosen));
  const found = useQuery({
    queryKey: queryKeys.personSearch(tenant, q),
    queryFn: () => searchApi.searchPersons(tenant, q),
    enabled: searching,
  });
  const candidates = searching ? (found.data?.items ?? []) : persons;
  const options = [
    ...(chosen && !candidates.some((p) => p.personId === chosen.personId) ? [chosen] : []),
    ...candidates,
  ];
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      api.createAudience(
        tenant,
        pageId,
        kind === 'person'
          ? { personId: personId as string }
          : name.trim() === ''
            ? {}
            : { customName: name.trim() },
      ),
    onSuccess: (audience) => {
      queryClient.invalidateQueries({ queryKey: queryKeys.audiences(tenant, pageId) });
      navigate(`/t/${tenant}/pages/${pageId}/audiences/${audience.audienceId}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lacking = kind === 'person' && personId === null;
    setMissing(lacking);
    if (!lacking) create.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="New audience">
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Audience kind"
          value={kind}
          onChange={setKind}
          data={[
            { value: 'person', label: 'For a person' },
            { value: 'general', label: 'General' },
          ]}
        />
        {kind === 'person' ? (
          <Select
            label="Person"
            placeholder="Search by name or email"
            searchable
            clearable
            nothingFoundMessage={searching && found.isPending ? 'Searching…' : 'No person matches'}
            data={options.map((p) => ({ value: p.personId, label: personLabel(p) }))}
            // The server already chose the matches (by domain too, which the label does not show).
            filter={({ options: all }) => all}
            searchValue={typed}
            onSearchChange={setTyped}
            value={personId}
            onChange={(id) => {
              setPersonId(id);
              setChosen(options.find((p) => p.personId === id) ?? null);
            }}
            error={missing ? 'Choose a person' : undefined}
            w={{ base: '100%', sm: 320 }}
          />
        ) : (
          <TextInput
            label="Name"
            description="Optional"
            maxLength={255}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        )}
        <Button type="submit" loading={create.isPending}>
          New audience
        </Button>
      </Group>
      <QueryError mt="xs" error={create.error} title="Not created" />
    </form>
  );
}

const personLabel = (p: Person) => (p.email ? `${p.name} <${p.email}>` : p.name);
