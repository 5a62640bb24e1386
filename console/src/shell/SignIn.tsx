import { Alert, Button, PasswordInput, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api';
import { QueryError } from '../components/QueryError';
import { SignedOutForm } from './SignedOutCard';

export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const setup = useQuery({ queryKey: ['setup'], queryFn: api.setupStatus });
  const signIn = useMutation({
    mutationFn: () => api.signIn(email, password),
    onSuccess: (me) => {
      queryClient.setQueryData(['me'], me);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/sign-in' ? from : '/', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <SignedOutForm title="Sign in to Quire" maw={400} onSubmit={submit}>
      {setup.data?.needed ? (
        <Alert variant="outline" color="blue.9" title="No operator yet">
          This instance has no operator. Open the setup link the server printed when it started (“create the
          first admin at …/console/setup?token=…”) to create the first admin.
        </Alert>
      ) : null}
      <QueryError error={signIn.error} title="Not signed in" />
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <Button type="submit" loading={signIn.isPending}>
        Sign in
      </Button>
    </SignedOutForm>
  );
}
