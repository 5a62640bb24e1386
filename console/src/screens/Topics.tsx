import { Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, api } from '../api';
import { can, useMe } from '../session';
import { QueryError } from './QueryError';

/** The tenant's topics (what the page agent may draw on), newest first, and a new one. */
export function Topics() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const topics = useInfiniteQuery({
    queryKey: ['topics', tenant],
    queryFn: ({ pageParam }) => api.listTopics(tenant, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [name, setName] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => api.createTopic(tenant, name.trim()),
    onSuccess: (topic) => {
      setName('');
      queryClient.invalidateQueries({ queryKey: ['topics', tenant] });
      navigate(`/t/${tenant}/topics/${topic.topicId}`);
    },
  });
  const nameError =
    missing ?? (create.error instanceof ApiProblem ? create.error.fieldErrors().name : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(name.trim() ? undefined : 'A name is required');
    if (name.trim()) create.mutate();
  };
  const items = topics.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={2}>Topics</Title>
      {can(me, 'editor') ? (
        <form onSubmit={submit} noValidate aria-label="New topic">
          <Group align="end">
            <TextInput
              label="New topic"
              placeholder="Name"
              maxLength={255}
              value={name}
              error={nameError}
              onChange={(e) => setName(e.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Button type="submit" loading={create.isPending}>
              Create topic
            </Button>
          </Group>
        </form>
      ) : null}
      <QueryError error={topics.error ?? (nameError ? null : create.error)} />
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover>
          <Table.Caption>
            {topics.isPending ? 'Loading…' : `${topics.data?.pages[0]?.totalCount ?? 0} topics`}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Entries</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((topic) => (
              <Table.Tr key={topic.topicId}>
                <Table.Td className="cell-wrap">
                  <Anchor component={Link} to={`/t/${tenant}/topics/${topic.topicId}`}>
                    {topic.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{topic.entriesCount}</Table.Td>
                <Table.Td>{new Date(topic.updatedAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {topics.hasNextPage ? (
        <Button variant="default" onClick={() => topics.fetchNextPage()} loading={topics.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
