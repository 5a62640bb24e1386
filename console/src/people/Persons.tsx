import { Anchor, Stack, Table, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { api, searchApi } from '../api';
import { PagedTable } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { useSearch } from '../components/SearchBox';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

/** The tenant's persons, newest first, a hundred at a time, or those a search finds (viewer). */
export function Persons() {
  const { tenant = '' } = useParams();
  const { box, q } = useSearch('A part of the name, email or domain, any case');
  const persons = usePaged(queryKeys.personList(tenant, q), (cursor) =>
    q === '' ? api.listPersons(tenant, cursor) : searchApi.searchPersons(tenant, q, cursor),
  );
  return (
    <Stack>
      <Title order={2}>Persons</Title>
      {box}
      <QueryError error={persons.error} />
      <PagedTable
        paged={persons}
        minWidth={560}
        caption={({ items, total }) =>
          `${items.length}${total != null ? ` of ${total}` : ''} ${(total ?? items.length) === 1 ? 'person' : 'persons'}${q ? ` matching “${q}”` : ''}, newest first`
        }
        columns={['Name', 'Email', 'Domain', 'Created']}
        card={(person) => ({
          key: person.personId,
          title: person.name,
          to: `/t/${tenant}/persons/${person.personId}`,
          facts: [
            ['Email', person.email],
            ['Domain', person.domain],
            ['Created', person.createdAt ? new Date(person.createdAt).toLocaleString() : null],
          ],
        })}
        row={(person) => (
          <Table.Tr key={person.personId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/persons/${person.personId}`}>
                {person.name}
              </Anchor>
            </Table.Td>
            <Table.Td className="cell-wrap">{person.email ?? ''}</Table.Td>
            <Table.Td className="cell-wrap">{person.domain ?? ''}</Table.Td>
            <Table.Td className="nowrap">
              {person.createdAt ? new Date(person.createdAt).toLocaleString() : ''}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
