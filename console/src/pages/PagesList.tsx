import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, type PageStatus } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { useNameSearch } from '../components/SearchBox';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';

/** Dark shades: white badge text on them passes WCAG AA contrast. */
const STATUS_COLOR: Record<PageStatus, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  archived: 'grape.9',
};

/** Pages of the tenant, newest first, with search (part of the name) and a status filter. */
export function PagesList() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const search = useNameSearch();
  const [status, setStatus] = useState<PageStatus | null>(null);
  const pages = usePaged(queryKeys.pageList(tenant, search.q, status), (cursor) =>
    api.listPages(tenant, { search: search.q, status: status ?? undefined, cursor }),
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Pages</Title>
        {can(me, 'editor') ? (
          <Button component={Link} to={`/t/${tenant}/pages/new`}>
            New page
          </Button>
        ) : null}
      </Group>
      <Group align="end">
        {search.box}
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={['draft', 'published', 'archived']}
          value={status}
          onChange={(value) => setStatus(value as PageStatus | null)}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      <QueryError error={pages.error} />
      <PagedTable
        paged={pages}
        minWidth={560}
        highlightOnHover
        caption={({ total }) => plural(total ?? 0, 'page')}
        columns={['Name', 'Status', 'Brand', 'Audiences', 'Updated']}
        card={(page) => ({
          key: page.pageId,
          title: page.name,
          to: `/t/${tenant}/pages/${page.pageId}`,
          subtitle: page.deletedAt ? (
            <Text span c="red.9" size="sm">
              deleted
            </Text>
          ) : null,
          badge: <Badge color={STATUS_COLOR[page.status]}>{page.status}</Badge>,
          facts: [
            ['Brand', page.brandId],
            ['Audiences', String(page.audiencesCount)],
            ['Updated', new Date(page.updatedAt).toLocaleString()],
          ],
        })}
        row={(page) => (
          <Table.Tr key={page.pageId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/pages/${page.pageId}`}>
                {page.name}
              </Anchor>
              {page.deletedAt ? (
                <Text span c="red.9" size="sm" ml="xs">
                  deleted
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td className="nowrap">
              <Badge color={STATUS_COLOR[page.status]}>{page.status}</Badge>
            </Table.Td>
            <Table.Td className="cell-wrap">{page.brandId}</Table.Td>
            <Table.Td>{page.audiencesCount}</Table.Td>
            <Table.Td>{new Date(page.updatedAt).toLocaleString()}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
