import { Center, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** The one card on an otherwise empty screen, before the console proper (sign-in, setup). */
export function SignedOutCard({ maw, children }: { maw: number; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={maw}>
        {children}
      </Paper>
    </Center>
  );
}

/** A signed-out screen's form in its card, under the screen's heading. */
export function SignedOutForm({
  title,
  maw,
  onSubmit,
  children,
}: {
  title: string;
  maw: number;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <SignedOutCard maw={maw}>
      <form onSubmit={onSubmit}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </SignedOutCard>
  );
}
