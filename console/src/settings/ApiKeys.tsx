import {
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { type ApiKey, ApiProblem, api, type CreatedKey, SCOPES, type Scope } from '../api';
import { ConfirmDialog, Dialog } from '../components/Dialog';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { TitledForm } from '../components/TitledForm';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The tenant's API keys (admin): create one with a label and scopes, shown once; revoke one. */
export function ApiKeys() {
  const { tenant = '' } = useParams();
  const queryClient = useQueryClient();
  const keys = usePaged(queryKeys.keys(tenant), (cursor) => api.listKeys(tenant, cursor));
  const form = useForm({ mode: 'controlled', initialValues: { label: '', scopes: [] as Scope[] } });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.keys(tenant) });
  const create = useMutation({
    // No scope ticked is a full-access key, as the API has it (scopes omitted).
    mutationFn: ({ label, scopes }: { label: string; scopes: Scope[] }) =>
      api.createKey(tenant, {
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(scopes.length > 0 ? { scopes } : {}),
      }),
    onSuccess: (key) => {
      setCreated(key);
      form.reset();
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => api.revokeKey(tenant, keyId),
    onSuccess: () => {
      setRevoking(null);
      refresh();
    },
  });
  const labelError = create.error instanceof ApiProblem ? create.error.fieldErrors().label : undefined;
  // Revoke a live key: in the table and on a phone's card.
  const revokeButton = (key: ApiKey) =>
    key.revokedAt ? null : (
      <Button
        size="xs"
        variant="default"
        onClick={() => setRevoking(key)}
        aria-label={`Revoke ${key.prefix}`}
      >
        Revoke
      </Button>
    );
  return (
    <Stack>
      <Title order={2}>API keys</Title>
      <TitledForm
        id="new-key"
        title="New key"
        onSubmit={form.onSubmit((values) => create.mutate(values))}
        maw={640}
      >
        <TextInput
          label="Label"
          description="A note to tell keys apart, such as the integration using it."
          maxLength={255}
          {...form.getInputProps('label')}
          error={labelError}
        />
        <Checkbox.Group
          label="Scopes"
          description="None ticked: a full-access key. A write scope includes the read scope of its group."
          {...form.getInputProps('scopes')}
        >
          <Group mt="xs" gap="md">
            {SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </TitledForm>
      <QueryError error={keys.error ?? (labelError ? null : create.error) ?? revoke.error} />
      <PagedTable
        paged={keys}
        minWidth={760}
        caption={({ items }) => plural(items.length, 'key')}
        columns={['Prefix', 'Label', 'Scopes', 'Created', 'Last used', 'Revoked', 'Actions']}
        card={(key) => ({
          key: key.keyId,
          title: key.label ?? key.prefix,
          subtitle: <Code>{key.prefix}</Code>,
          badge: key.revokedAt ? <Badge color="red.9">revoked</Badge> : null,
          facts: [
            ['Scopes', key.scopes ? key.scopes.join(', ') : 'full access'],
            ['Created', when(key.createdAt)],
            ['Last used', when(key.lastUsedAt)],
            ['Revoked', key.revokedAt ? when(key.revokedAt) : null],
          ],
          actions: revokeButton(key),
        })}
        row={(key) => (
          <Table.Tr key={key.keyId}>
            <Table.Td className="nowrap">
              <Code>{key.prefix}</Code>
            </Table.Td>
            <Table.Td className="cell-wrap">{key.label ?? ''}</Table.Td>
            <Table.Td className="cell-wrap">{key.scopes ? key.scopes.join(', ') : 'full access'}</Table.Td>
            <Table.Td>{when(key.createdAt)}</Table.Td>
            <Table.Td>{when(key.lastUsedAt)}</Table.Td>
            <Table.Td>{key.revokedAt ? <Badge color="red.9">{when(key.revokedAt)}</Badge> : 'no'}</Table.Td>
            <Table.Td>{revokeButton(key)}</Table.Td>
          </Table.Tr>
        )}
      />
      <Dialog opened={created !== null} onClose={() => setCreated(null)} title="Your new API key" size="lg">
        {created?.apiKey ? (
          <Stack>
            <Text>
              Copy it now: Quire does not keep it and cannot show it again. Anyone holding it acts as this
              tenant{created.scopes ? ` (${created.scopes.join(', ')})` : ' with full access'}.
            </Text>
            <Code block data-testid="new-api-key">
              {created.apiKey}
            </Code>
            <Group justify="end">
              <CopyButton value={created.apiKey}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(null)}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <Text>The key was created earlier; it is shown only once. Revoke it and create another.</Text>
        )}
      </Dialog>
      <ConfirmDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this key?"
        confirm="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.keyId)}
      >
        <Text>
          Requests with <Code>{revoking?.prefix}</Code>
          {revoking?.label ? ` (${revoking.label})` : ''} are refused from now on. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
