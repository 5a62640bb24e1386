import { Anchor, Button, Stack, Table, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, searchApi } from '../api';
import { QueryError } from './QueryError';
import { useSearch } from './SearchBox';

/** The tenant's accounts, newest first, with their linked persons' count, or those a search finds (viewer). */
export function Accounts() {
  const { tenant = '' } = useParams();
  const { box, q } = useSearch('A part of the name or domain, any case');
  const accounts = useInfiniteQuery({
    queryKey: ['accounts', tenant, q],
    queryFn: ({ pageParam }) =>
      q === '' ? api.listAccounts(tenant, pageParam) : searchApi.searchAccounts(tenant, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = accounts.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={2}>Accounts</Title>
      {box}
      <QueryError error={accounts.error} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Caption>
            {accounts.isPending
              ? 'Loading…'
              : `${items.length} accounts${q ? ` matching “${q}”` : ''}, newest first`}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Domain</Table.Th>
              <Table.Th>Persons</Table.Th>
              <Table.Th>Latest activity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((account) => (
              <Table.Tr key={account.accountId}>
                <Table.Td className="cell-wrap">
                  <Anchor component={Link} to={`/t/${tenant}/accounts/${account.accountId}`}>
                    {account.name}
                  </Anchor>
                </Table.Td>
                <Table.Td className="cell-wrap">{account.domain}</Table.Td>
                <Table.Td>{account.linkedPersonsCount}</Table.Td>
                <Table.Td>{new Date(account.latestActivityAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {accounts.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => accounts.fetchNextPage()}
          loading={accounts.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
