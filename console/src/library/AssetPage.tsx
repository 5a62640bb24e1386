import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiProblem, type Asset, api } from '../api';
import { ConfirmDialog } from '../components/Dialog';
import { QueryError } from '../components/QueryError';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { LIFECYCLE_COLOR } from './Assets';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** One asset: its metadata, the edit of tags, AI description and visibility, trash/restore/delete. */
export function AssetPage() {
  const { tenant = '', assetId = '' } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const asset = useQuery({
    queryKey: queryKeys.asset(tenant, assetId),
    queryFn: () => api.getAsset(tenant, assetId),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const settle = (next: Asset) => {
    queryClient.setQueryData(queryKeys.asset(tenant, assetId), next);
    queryClient.invalidateQueries({ queryKey: queryKeys.assets(tenant) });
  };
  const action = useMutation({
    mutationFn: (verb: 'trash' | 'restore' | 'delete') => api.assetAction(tenant, assetId, verb),
    onSuccess: (next) => {
      setConfirmDelete(false);
      settle(next);
    },
  });
  const editor = can(me, 'editor');
  const data = asset.data;
  return (
    <Stack>
      <Anchor component={Link} to={`/t/${tenant}/assets`} size="sm">
        ← Assets
      </Anchor>
      <QueryError error={asset.error ?? action.error} />
      {data ? (
        <>
          <Group justify="space-between">
            <Group gap="sm">
              <Title order={2} className="cell-wrap">
                {data.name}
              </Title>
              <Badge color={LIFECYCLE_COLOR[data.lifecycleState]}>{data.lifecycleState}</Badge>
            </Group>
            {editor && data.lifecycleState !== 'deleted' ? (
              <Group gap="xs">
                {data.lifecycleState === 'active' ? (
                  <Button variant="default" onClick={() => action.mutate('trash')} loading={action.isPending}>
                    Move to trash
                  </Button>
                ) : (
                  <Button
                    variant="default"
                    onClick={() => action.mutate('restore')}
                    loading={action.isPending}
                  >
                    Restore
                  </Button>
                )}
                <Button color="red.9" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              </Group>
            ) : null}
          </Group>
          <dl className="facts">
            <dt>Type</dt>
            <dd>{data.data.type}</dd>
            <dt>File id</dt>
            <dd>
              <Code>{data.data.fileId}</Code>
            </dd>
            <dt>Purpose</dt>
            <dd className="cell-wrap">{data.purpose || '—'}</dd>
            <dt>Created</dt>
            <dd>{when(data.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{when(data.updatedAt)}</dd>
            {data.trashedAt ? (
              <>
                <dt>Trashed</dt>
                <dd>{when(data.trashedAt)}</dd>
              </>
            ) : null}
            {data.deletedAt ? (
              <>
                <dt>Deleted</dt>
                <dd>{when(data.deletedAt)}</dd>
              </>
            ) : null}
          </dl>
          <AssetMetadata
            key={data.assetId}
            tenant={tenant}
            asset={data}
            readOnly={!editor || data.lifecycleState === 'deleted'}
            onSaved={settle}
          />
          <ConfirmDialog
            opened={confirmDelete}
            onClose={() => setConfirmDelete(false)}
            title="Delete this asset?"
            confirm="Delete asset"
            pending={action.isPending}
            onConfirm={() => action.mutate('delete')}
          >
            <Text>
              <strong className="cell-wrap">{data.name}</strong> is deleted for good: it cannot be restored or
              edited, and stays listed as deleted.
            </Text>
          </ConfirmDialog>
        </>
      ) : null}
    </Stack>
  );
}

/** What an operator may change of an asset: its tags, AI description and visibility. */
function AssetMetadata({
  tenant,
  asset,
  readOnly,
  onSaved,
}: {
  tenant: string;
  asset: Asset;
  readOnly: boolean;
  onSaved: (asset: Asset) => void;
}) {
  const [tags, setTags] = useState(asset.tags);
  const [aiDescription, setAiDescription] = useState(asset.aiDescription ?? '');
  const [hidden, setHidden] = useState(asset.hidden);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api.editAsset(tenant, asset.assetId, {
        tags,
        aiDescription: aiDescription.trim() ? aiDescription : null,
        hidden,
      }),
    onMutate: () => setSaved(false),
    onSuccess: (next) => {
      onSaved(next);
      setSaved(true);
    },
  });
  const errors = save.error instanceof ApiProblem ? save.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-labelledby="asset-metadata">
      <fieldset className="plain-fieldset" disabled={readOnly}>
        <Stack gap="sm" maw={640}>
          <Title order={3} size="h4" id="asset-metadata">
            Metadata
          </Title>
          <TagsInput label="Tags" value={tags} onChange={setTags} error={errors.tags} />
          <Textarea
            label="AI description"
            description="What the page agent reads about the asset."
            autosize
            minRows={3}
            value={aiDescription}
            error={errors.aiDescription}
            onChange={(e) => setAiDescription(e.currentTarget.value)}
          />
          <Checkbox
            label="Hidden (kept out of the /v0 search)"
            checked={hidden}
            onChange={(e) => setHidden(e.currentTarget.checked)}
          />
          {readOnly ? null : (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save metadata
              </Button>
              {saved ? (
                <Text size="sm" role="status">
                  Saved
                </Text>
              ) : null}
            </Group>
          )}
          <QueryError error={Object.keys(errors).length > 0 ? null : save.error} />
        </Stack>
      </fieldset>
    </form>
  );
}
