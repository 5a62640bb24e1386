import { Anchor, Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Asset, api } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { useNameSearch } from '../components/SearchBox';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { NewAsset } from './NewAsset';

/** Dark shades: white badge text on them passes WCAG AA contrast. */
export const LIFECYCLE_COLOR: Record<Asset['lifecycleState'], string> = {
  active: 'teal.9',
  trashed: 'orange.9',
  deleted: 'red.9',
};

/** The tenant's asset library: search by name, trashed and deleted ones on request, a new asset. */
export function Assets() {
  const { tenant = '' } = useParams();
  const me = useMe();
  const search = useNameSearch();
  const [removed, setRemoved] = useState(false);
  const [creating, setCreating] = useState(false);
  const assets = usePaged(queryKeys.assetList(tenant, search.q, removed), (cursor) =>
    api.listAssets(tenant, { search: search.q, removed, cursor }),
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Assets</Title>
        {can(me, 'editor') ? <Button onClick={() => setCreating(true)}>New asset</Button> : null}
      </Group>
      <Text size="sm" c="dimmed">
        The metadata of the tenant's images, logos, icons, videos and components; the files themselves stay in
        your file storage, named by their file id.
      </Text>
      <Group align="end">
        {search.box}
        <Switch
          label="Show trashed and deleted"
          checked={removed}
          onChange={(e) => setRemoved(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <QueryError error={assets.error} />
      <PagedTable
        paged={assets}
        minWidth={640}
        highlightOnHover
        caption={({ total }) => plural(total ?? 0, 'asset')}
        columns={['Name', 'Type', 'Tags', 'State', 'Updated']}
        card={(asset) => ({
          key: asset.assetId,
          title: asset.name,
          to: `/t/${tenant}/assets/${asset.assetId}`,
          subtitle: asset.hidden ? 'hidden' : null,
          badge: <Badge color={LIFECYCLE_COLOR[asset.lifecycleState]}>{asset.lifecycleState}</Badge>,
          facts: [
            ['Type', asset.data.type],
            ['Tags', asset.tags.length > 0 ? asset.tags.join(', ') : null],
            ['Updated', new Date(asset.updatedAt).toLocaleString()],
          ],
        })}
        row={(asset) => (
          <Table.Tr key={asset.assetId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/assets/${asset.assetId}`}>
                {asset.name}
              </Anchor>
              {asset.hidden ? (
                <Text span size="sm" c="dimmed" ml="xs">
                  hidden
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{asset.data.type}</Table.Td>
            <Table.Td className="cell-wrap">{asset.tags.join(', ')}</Table.Td>
            <Table.Td className="nowrap">
              <Badge color={LIFECYCLE_COLOR[asset.lifecycleState]}>{asset.lifecycleState}</Badge>
            </Table.Td>
            <Table.Td>{new Date(asset.updatedAt).toLocaleString()}</Table.Td>
          </Table.Tr>
        )}
      />
      <NewAsset tenant={tenant} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
