import { Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, api } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';

/** The tenant's topics (what the page agent may draw on), newest first, and a new one. */
export function Topics() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const topics = usePaged(queryKeys.topics(tenant), (cursor) => api.listTopics(tenant, cursor));
  const [name, setName] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => api.createTopic(tenant, name.trim()),
    onSuccess: (topic) => {
      setName('');
      queryClient.invalidateQueries({ queryKey: queryKeys.topics(tenant) });
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
      <PagedTable
        paged={topics}
        minWidth={480}
        highlightOnHover
        caption={({ total }) => plural(total ?? 0, 'topic')}
        columns={['Name', 'Entries', 'Updated']}
        card={(topic) => ({
          key: topic.topicId,
          title: topic.name,
          to: `/t/${tenant}/topics/${topic.topicId}`,
          facts: [
            ['Entries', String(topic.entriesCount)],
            ['Updated', new Date(topic.updatedAt).toLocaleString()],
          ],
        })}
        row={(topic) => (
          <Table.Tr key={topic.topicId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/topics/${topic.topicId}`}>
                {topic.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{topic.entriesCount}</Table.Td>
            <Table.Td>{new Date(topic.updatedAt).toLocaleString()}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
