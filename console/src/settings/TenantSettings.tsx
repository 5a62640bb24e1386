import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiProblem, settingsApi } from '../api';
import { ConfirmDialog } from '../components/Dialog';
import { QueryError } from '../components/QueryError';
import { TitledForm } from '../components/TitledForm';
import { queryKeys } from '../query-keys';

/**
 * The tenant's handle (the first segment of its hosted pages' addresses) and its custom hosts
 * (admin). The API's errors show beside the field they are about; a taken handle or host (409)
 * names no field, so it is shown beside the one field the form has.
 */
export function TenantSettings() {
  const { tenant = '' } = useParams();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.tenantSettings(tenant),
    queryFn: () => settingsApi.getTenant(tenant),
  });
  const [handle, setHandle] = useState('');
  const [host, setHost] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const current = settings.data;
  const hostList = useQuery({
    queryKey: queryKeys.tenantHosts(tenant),
    queryFn: () => settingsApi.getHosts(tenant),
  });
  useEffect(() => {
    if (current) setHandle(current.handle ?? '');
  }, [current]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.tenantSettings(tenant) });
  const saveHandle = useMutation({
    mutationFn: () => settingsApi.setHandle(tenant, handle.trim()),
    onSuccess: refresh,
  });
  const addHost = useMutation({
    mutationFn: () => settingsApi.addHost(tenant, host.trim()),
    onSuccess: () => {
      setHost('');
      refresh();
    },
  });
  const verifyHost = useMutation({
    mutationFn: (name: string) => settingsApi.verifyHost(tenant, name),
    onSuccess: refresh,
  });
  const removeHost = useMutation({
    mutationFn: (name: string) => settingsApi.removeHost(tenant, name),
    onSuccess: () => {
      setRemoving(null);
      refresh();
    },
  });
  const submitHandle = (event: FormEvent) => {
    event.preventDefault();
    saveHandle.mutate();
  };
  const submitHost = (event: FormEvent) => {
    event.preventDefault();
    addHost.mutate();
  };
  return (
    <Stack>
      <Title order={2}>Tenant settings</Title>
      <QueryError error={settings.error ?? hostList.error ?? removeHost.error} />
      <TitledForm id="handle-title" title="Public address" onSubmit={submitHandle} maw={640}>
        <TextInput
          label="Handle"
          description="Hosted pages are at /p/{handle}/{slug}: changing it changes every public URL."
          required
          maxLength={80}
          value={handle}
          error={errorOf(saveHandle.error, 'handle')}
          onChange={(e) => setHandle(e.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            loading={saveHandle.isPending}
            disabled={!current || handle.trim() === current.handle}
          >
            Save handle
          </Button>
          {saveHandle.isSuccess ? (
            <Text size="sm" c="teal.9" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
      </TitledForm>
      <Stack gap="sm" maw={640}>
        <Title order={3} size="h4">
          Custom hosts
        </Title>
        <Text size="sm" c="gray.7">
          A host of yours (pages.acme.com) that serves the tenant's hosted pages at /{'{slug}'}; point its DNS
          at this server. A host you add is served once you prove it is yours: publish the TXT record shown
          beside it, then verify it.
        </Text>
        <Table striped aria-label="Custom hosts">
          <Table.Tbody>
            {hostList.data?.hosts.length === 0 && hostList.data.pending.length === 0 ? (
              <Table.Tr>
                <Table.Td c="gray.7">No custom host yet.</Table.Td>
              </Table.Tr>
            ) : null}
            {hostList.data?.hosts.map((name) => (
              <Table.Tr key={name}>
                <Table.Td className="cell-wrap">{name}</Table.Td>
                <Table.Td c="gray.7">Served</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Remove ${name}`}
                    onClick={() => setRemoving(name)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {hostList.data?.pending.map((claim) => (
              <Table.Tr key={claim.host}>
                <Table.Td className="cell-wrap">{claim.host}</Table.Td>
                <Table.Td className="cell-wrap" c="gray.7">
                  Not proven yet: a TXT record <code>{claim.txtName}</code> with the value{' '}
                  <code>{claim.txtValue}</code>
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap="xs" justify="end" wrap="nowrap">
                    <Button
                      size="xs"
                      aria-label={`Verify ${claim.host}`}
                      loading={verifyHost.isPending && verifyHost.variables === claim.host}
                      onClick={() => verifyHost.mutate(claim.host)}
                    >
                      Verify
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Remove ${claim.host}`}
                      onClick={() => setRemoving(claim.host)}
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {verifyHost.error ? (
          <Text size="sm" c="red.9" role="alert" className="cell-wrap">
            {errorOf(verifyHost.error, 'host')}
          </Text>
        ) : null}
        <form onSubmit={submitHost} aria-label="Add a custom host">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="New host"
              placeholder="pages.acme.com"
              required
              maxLength={253}
              value={host}
              error={errorOf(addHost.error, 'host')}
              onChange={(e) => setHost(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit" mt={25} loading={addHost.isPending}>
              Add host
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this host?"
        confirm="Remove host"
        pending={removeHost.isPending}
        onConfirm={() => removing && removeHost.mutate(removing)}
      >
        <Text className="cell-wrap">Pages are no longer served at {removing}.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The API's error about a field: its own field error, or a conflict (taken), or any other problem. */
function errorOf(error: Error | null, field: string): string | undefined {
  if (error === null) return undefined;
  if (error instanceof ApiProblem) return error.fieldErrors()[field] ?? error.detail;
  return error.message;
}
