import { Anchor, Center, List, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { api, type Me } from '../api';
import { queryKeys } from '../query-keys';
import { Shell } from './Shell';

/** Where /console lands: the operator's tenant, or for an instance admin the list of tenants. */
export function TenantHome({ me }: { me: Me }) {
  const tenants = useQuery({
    queryKey: queryKeys.tenants,
    queryFn: api.listTenants,
    enabled: me.operator.instanceAdmin,
  });
  if (me.operator.tenantId !== null) return <Navigate to={`/t/${me.operator.tenantId}/pages`} replace />;
  return (
    <Shell me={me}>
      <Stack>
        <Title order={2}>Choose a tenant</Title>
        {tenants.isPending ? (
          <Center>
            <Loader aria-label="Loading tenants" />
          </Center>
        ) : (
          <List>
            {(tenants.data?.items ?? []).map((t) => (
              <List.Item key={t.tenantId}>
                <Anchor component={Link} to={`/t/${t.tenantId}/pages`}>
                  {t.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Shell>
  );
}
