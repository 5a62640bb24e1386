import { Button, Stack, Table, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api, searchApi } from '../api';
import { QueryError } from './QueryError';
import { useSearch } from './SearchBox';

/** The tenant's persons, newest first, a hundred at a time, or those a search finds (viewer). */
export function Persons() {
  const { tenant = '' } = useParams();
  const { box, q } = useSearch('A part of the name, email or domain, any case');
  const persons = useInfiniteQuery({
    queryKey: ['persons', tenant, 'list', q],
    queryFn: ({ pageParam }) =>
      q === '' ? api.listPersons(tenant, pageParam) : searchApi.searchPersons(tenant, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = persons.data?.pages.flatMap((p) => p.items) ?? [];
  const total = persons.data?.pages[0]?.totalCount;
  return (
    <Stack>
      <Title order={2}>Persons</Title>
      {box}
      <QueryError error={persons.error} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Caption>
            {persons.isPending
              ? 'Loading…'
              : `${items.length}${total != null ? ` of ${total}` : ''} persons${q ? ` matching “${q}”` : ''}, newest first`}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Domain</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((person) => (
              <Table.Tr key={person.personId}>
                <Table.Td className="cell-wrap">{person.name}</Table.Td>
                <Table.Td className="cell-wrap">{person.email ?? ''}</Table.Td>
                <Table.Td className="cell-wrap">{person.domain ?? ''}</Table.Td>
                <Table.Td className="nowrap">
                  {person.createdAt ? new Date(person.createdAt).toLocaleString() : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {persons.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => persons.fetchNextPage()}
          loading={persons.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
