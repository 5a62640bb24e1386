import { Alert, Badge, Button, Code, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiProblem, api, type Me, ROLES, type Role } from '../api';
import { PagedTable } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

/** An operator as the tenant's list gives it. */
type Listed = Awaited<ReturnType<typeof api.listOperators>>['items'][number];

/** The tenant's operators and their roles (admin): add one, change a role, disable, reset a password. */
export function Operators({ me }: { me: Me }) {
  const { tenant = '' } = useParams();
  const queryClient = useQueryClient();
  const operators = usePaged(queryKeys.operators(tenant), (cursor) => api.listOperators(tenant, cursor));
  const form = useForm({ mode: 'controlled', initialValues: { email: '', role: 'editor' as Role } });
  const [secret, setSecret] = useState<{ email: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.operators(tenant) });
  const create = useMutation({
    mutationFn: (values: { email: string; role: Role }) => api.createOperator(tenant, values),
    onSuccess: (created) => {
      setSecret({ email: created.operator.email, password: created.oneTimePassword ?? '' });
      form.setFieldValue('email', '');
      refresh();
    },
  });
  const change = useMutation({
    mutationFn: async (
      action: { id: string; kind: 'role'; role: Role } | { id: string; kind: 'disable' | 'enable' | 'reset' },
    ) => {
      if (action.kind === 'role') return api.setOperatorRole(tenant, action.id, action.role);
      if (action.kind === 'reset') {
        const reset = await api.resetOperatorPassword(tenant, action.id);
        setSecret({ email: reset.operator.email, password: reset.oneTimePassword ?? '' });
        return reset.operator;
      }
      return api.setOperatorDisabled(tenant, action.id, action.kind === 'disable');
    },
    onSuccess: refresh,
  });
  const emailError = create.error instanceof ApiProblem ? create.error.fieldErrors().email : undefined;
  // An operator's role, state and buttons (none on oneself): in the table and on a phone's card.
  const isSelf = (op: Listed) => op.operatorId === me.operator.operatorId;
  const roleOf = (op: Listed) => (
    <Select
      aria-label={`Role of ${op.email}`}
      data={ROLES}
      value={op.role}
      disabled={isSelf(op)}
      allowDeselect={false}
      onChange={(v) => v && change.mutate({ id: op.operatorId, kind: 'role', role: v as Role })}
      w={140}
    />
  );
  const stateOf = (op: Listed) =>
    op.disabledAt || op.mustChangePassword ? (
      <Group gap={4}>
        {op.disabledAt ? <Badge color="red.9">disabled</Badge> : null}
        {op.mustChangePassword ? <Badge color="gray.7">one-time password</Badge> : null}
      </Group>
    ) : null;
  const actionsOf = (op: Listed) => (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        disabled={isSelf(op)}
        onClick={() => change.mutate({ id: op.operatorId, kind: op.disabledAt ? 'enable' : 'disable' })}
      >
        {op.disabledAt ? 'Enable' : 'Disable'}
      </Button>
      <Button size="xs" variant="default" onClick={() => change.mutate({ id: op.operatorId, kind: 'reset' })}>
        Reset password
      </Button>
    </Group>
  );
  return (
    <Stack>
      <Title order={2}>Operators</Title>
      {secret ? (
        <Alert
          variant="outline"
          color="indigo.9"
          role="status"
          title="One-time password"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSecret(null)}
        >
          Give {secret.email} this password; it works once and must be changed at first sign-in:{' '}
          <Code>{secret.password}</Code>
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Group align="end">
          <TextInput
            label="Email"
            type="email"
            required
            {...form.getInputProps('email')}
            error={emailError}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            label="Role"
            data={ROLES}
            {...form.getInputProps('role')}
            allowDeselect={false}
            w={{ base: '100%', sm: 160 }}
          />
          <Button type="submit" loading={create.isPending}>
            Add operator
          </Button>
        </Group>
      </form>
      <QueryError error={operators.error ?? (emailError ? null : create.error) ?? change.error} />
      <PagedTable
        paged={operators}
        minWidth={640}
        columns={['Email', 'Role', 'State', 'Actions']}
        card={(op) => ({
          key: op.operatorId,
          title: op.email,
          badge: stateOf(op),
          facts: [['Role', roleOf(op)]],
          actions: actionsOf(op),
        })}
        row={(op) => (
          <Table.Tr key={op.operatorId}>
            <Table.Td className="cell-wrap">{op.email}</Table.Td>
            <Table.Td>{roleOf(op)}</Table.Td>
            <Table.Td>{stateOf(op)}</Table.Td>
            <Table.Td>{actionsOf(op)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
