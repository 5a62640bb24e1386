import { Badge, Code, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useParams } from 'react-router';
import { type AuditEntry, api } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

interface Filters {
  actor: string;
  action: string;
  record: string;
  since: string;
  until: string;
}

/** A datetime-local value as the RFC 3339 instant the API wants (the browser's time zone). */
function instant(local: string): string | undefined {
  return local === '' ? undefined : new Date(local).toISOString();
}

function changeOf(entry: AuditEntry): string {
  const parts = [
    entry.before === null ? null : `before ${JSON.stringify(entry.before)}`,
    entry.after === null ? null : `after ${JSON.stringify(entry.after)}`,
  ].filter((p) => p !== null);
  return parts.join(' · ');
}

/** The tenant's audit log, newest first, filtered by actor, action, record and time. */
export function AuditLog() {
  const { tenant = '' } = useParams();
  const [filters, setFilters] = useState<Filters>({
    actor: '',
    action: '',
    record: '',
    since: '',
    until: '',
  });
  const [debounced] = useDebouncedValue(filters, 300);
  const entries = usePaged(queryKeys.audit(tenant, debounced), (cursor) =>
    api.listAudit(tenant, {
      actor: debounced.actor.trim() || undefined,
      action: debounced.action.trim() || undefined,
      record: debounced.record.trim() || undefined,
      since: instant(debounced.since),
      until: instant(debounced.until),
      cursor,
    }),
  );
  const field = (name: keyof Filters) => ({
    value: filters[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setFilters((f) => ({ ...f, [name]: value }));
    },
  });
  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <Group align="end">
        <TextInput
          label="Actor"
          placeholder="Email, key prefix, cli"
          {...field('actor')}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          label="Action"
          placeholder="page.create"
          {...field('action')}
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput label="Record id" {...field('record')} w={{ base: '100%', sm: 260 }} />
        <TextInput label="From" type="datetime-local" {...field('since')} w={{ base: '100%', sm: 210 }} />
        <TextInput label="Until" type="datetime-local" {...field('until')} w={{ base: '100%', sm: 210 }} />
      </Group>
      <QueryError error={entries.error} />
      <PagedTable
        paged={entries}
        minWidth={720}
        caption={({ items }) => `${plural(items.length, 'entry', 'entries')} shown`}
        columns={['When', 'Who', 'Action', 'Record', 'Change', 'From']}
        card={(entry) => ({
          key: entry.id,
          title: entry.action,
          subtitle: new Date(entry.createdAt).toLocaleString(),
          facts: [
            [
              'Who',
              `${entry.actor.label}${entry.actor.kind === 'operator' ? '' : ` (${entry.actor.kind.replace('_', ' ')})`}`,
            ],
            ['Record', entry.recordId],
            ['Change', changeOf(entry) || null],
            ['From', entry.ip],
          ],
        })}
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{new Date(entry.createdAt).toLocaleString()}</Table.Td>
            <Table.Td className="cell-wrap">
              {entry.actor.label}{' '}
              {entry.actor.kind === 'operator' ? null : (
                <Badge size="xs" variant="outline" color="gray.8">
                  {entry.actor.kind.replace('_', ' ')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Code>{entry.action}</Code>
            </Table.Td>
            <Table.Td className="cell-wrap">{entry.recordId ?? ''}</Table.Td>
            <Table.Td className="cell-wrap" maw={320}>
              {changeOf(entry)}
            </Table.Td>
            <Table.Td>{entry.ip ?? ''}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
