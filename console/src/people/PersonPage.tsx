import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api';
import { QueryError } from '../components/QueryError';
import { TraitsEditor } from '../components/TraitsEditor';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { PERSON_TRAITS } from './traits';

/** A person: who they are (viewer) and their traits (set by an editor). */
export function PersonPage() {
  const { tenant = '', personId = '' } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const person = useQuery({
    queryKey: queryKeys.person(tenant, personId),
    queryFn: () => api.getPerson(tenant, personId),
  });
  const p = person.data;
  return (
    <Stack>
      <Anchor component={Link} to={`/t/${tenant}/persons`}>
        ← Persons
      </Anchor>
      <QueryError error={person.error} />
      {p ? (
        <>
          <Title order={2} className="cell-wrap">
            {p.name}
          </Title>
          <Text size="sm" className="cell-wrap">
            {[p.email, p.domain, p.phoneNumber].filter(Boolean).join(' · ')}
            {p.email || p.domain || p.phoneNumber ? ' · ' : ''}created{' '}
            {new Date(p.createdAt).toLocaleString()}
          </Text>
          <TraitsEditor
            what="person"
            traits={p.traits ?? {}}
            known={PERSON_TRAITS}
            editable={can(me, 'editor')}
            save={(change) => api.setPersonTraits(tenant, personId, change)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: queryKeys.person(tenant, personId) })}
          />
        </>
      ) : null}
    </Stack>
  );
}
