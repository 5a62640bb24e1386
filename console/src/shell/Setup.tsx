import { Button, Checkbox, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiProblem, api } from '../api';
import { QueryError } from '../components/QueryError';
import { queryKeys } from '../query-keys';
import { SignedOutForm } from './SignedOutCard';

/**
 * First run (docs/console.md): while the instance has no operator, whoever has the link with the
 * setup token that the server printed at start creates the first admin, its workspace and, if
 * wanted, the demo in it; then they are signed in.
 */
export function Setup() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['setup'], queryFn: api.setupStatus });
  const [setupToken, setSetupToken] = useState(params.get('token') ?? '');
  const [tenantName, setTenantName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loadDemo, setLoadDemo] = useState(true);
  const setUp = useMutation({
    mutationFn: () => api.setUp({ setupToken, tenantName, email, password, loadDemo }),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      navigate(`/t/${me.operator.tenantId}/pages`, { replace: true });
    },
  });
  const fieldErrors = setUp.error instanceof ApiProblem ? setUp.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUp.mutate();
  };
  if (status.data?.needed === false && !setUp.isSuccess) return <Navigate to="/sign-in" replace />;
  return (
    <SignedOutForm title="Set up Quire" maw={440} onSubmit={submit}>
      <Text size="sm">
        This instance has no operator yet. Create its first admin and your workspace; you can invite your team
        from the Operators screen afterwards.
      </Text>
      <QueryError error={Object.keys(fieldErrors).length === 0 ? setUp.error : null} title="Not set up" />
      <TextInput
        label="Setup token"
        description="Printed by the server when it started (the link it printed fills it in)"
        required
        value={setupToken}
        onChange={(e) => setSetupToken(e.currentTarget.value)}
        error={fieldErrors.setupToken}
      />
      <TextInput
        label="Workspace name"
        description="Your company or team; pages and people live in it"
        required
        maxLength={255}
        value={tenantName}
        onChange={(e) => setTenantName(e.currentTarget.value)}
        error={fieldErrors.tenantName}
      />
      <TextInput
        label="Your email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={fieldErrors.email}
      />
      <PasswordInput
        label="Password"
        description="At least 12 characters"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fieldErrors.password}
      />
      <Checkbox
        label="Load the demo: a page with three target accounts, each with a personalised version"
        checked={loadDemo}
        onChange={(e) => setLoadDemo(e.currentTarget.checked)}
      />
      <Button type="submit" loading={setUp.isPending}>
        Create admin and sign in
      </Button>
    </SignedOutForm>
  );
}
