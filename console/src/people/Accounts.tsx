import { Anchor, Stack, Table, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { api, searchApi } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { useSearch } from '../components/SearchBox';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

/** The tenant's accounts, newest first, with their linked persons' count, or those a search finds (viewer). */
export function Accounts() {
  const { tenant = '' } = useParams();
  const { box, q } = useSearch('A part of the name or domain, any case');
  const accounts = usePaged(queryKeys.accountList(tenant, q), (cursor) =>
    q === '' ? api.listAccounts(tenant, cursor) : searchApi.searchAccounts(tenant, q, cursor),
  );
  return (
    <Stack>
      <Title order={2}>Accounts</Title>
      {box}
      <QueryError error={accounts.error} />
      <PagedTable
        paged={accounts}
        minWidth={560}
        highlightOnHover
        caption={({ items }) =>
          `${plural(items.length, 'account')}${q ? ` matching “${q}”` : ''}, newest first`
        }
        columns={['Name', 'Domain', 'Persons', 'Latest activity']}
        card={(account) => ({
          key: account.accountId,
          title: account.name,
          to: `/t/${tenant}/accounts/${account.accountId}`,
          facts: [
            ['Domain', account.domain],
            ['Persons', String(account.linkedPersonsCount)],
            ['Latest activity', new Date(account.latestActivityAt).toLocaleString()],
          ],
        })}
        row={(account) => (
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
        )}
      />
    </Stack>
  );
}
