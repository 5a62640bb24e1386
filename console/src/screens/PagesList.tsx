import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, type PageStatus } from '../api';
import { can, useMe } from '../session';
import { QueryError } from './QueryError';

/** Dark shades: white badge text on them passes WCAG AA contrast. */
const STATUS_COLOR: Record<PageStatus, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  archived: 'grape.9',
};

function countOf(n: number): string {
  return n === 1 ? '1 page' : `${n} pages`;
}

/** Pages of the tenant, newest first, with search (part of the name) and a status filter. */
export function PagesList() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PageStatus | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const pages = useInfiniteQuery({
    queryKey: ['pages', tenant, debounced, status],
    queryFn: ({ pageParam }) =>
      api.listPages(tenant, { search: debounced, status: status ?? undefined, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
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
        <TextInput
          label="Search"
          placeholder="Part of the name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
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
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Caption>
            {pages.isPending ? 'Loading…' : countOf(pages.data?.pages[0]?.totalCount ?? 0)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Brand</Table.Th>
              <Table.Th>Audiences</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((page) => (
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
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages.hasNextPage ? (
        <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
