import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiProblem, api } from '../api';
import { QueryError } from '../components/QueryError';
import { SignedOutCard } from './SignedOutCard';

/** Choose a new password; `forced` after a one-time password, before anything else. */
export function ChangePassword({ forced = false }: { forced?: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => api.changePassword(current, next),
    onSuccess: (me) => {
      queryClient.setQueryData(['me'], me);
      navigate('/', { replace: true });
    },
  });
  const fields = change.error instanceof ApiProblem ? change.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(next !== repeat);
    if (next === repeat) change.mutate();
  };
  const form = (
    <form onSubmit={submit}>
      <Stack maw={400}>
        <Title order={forced ? 1 : 2} size="h2">
          Choose a new password
        </Title>
        {forced ? <Text>Your password was a one-time password. Choose your own to continue.</Text> : null}
        <QueryError error={Object.keys(fields).length === 0 ? change.error : null} title={null} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={current}
          error={fields.currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          description="At least 12 characters; a few words make a good one."
          autoComplete="new-password"
          required
          value={next}
          error={fields.newPassword}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
        <PasswordInput
          label="New password again"
          autoComplete="new-password"
          required
          value={repeat}
          error={mismatch ? 'The two new passwords differ' : undefined}
          onChange={(e) => setRepeat(e.currentTarget.value)}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
  if (!forced) return form;
  return <SignedOutCard maw={440}>{form}</SignedOutCard>;
}
