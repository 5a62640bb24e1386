import { type MantineSize, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A form of a screen, named by its own h4 heading (a new key, the public address, a new experiment). */
export function TitledForm({
  id,
  title,
  onSubmit,
  noValidate,
  maw,
  children,
}: {
  /** The heading's id, which names the form. */
  id: string;
  title: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form checks its required fields itself, not the browser. */
  noValidate?: boolean;
  maw?: number | MantineSize;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} aria-labelledby={id} noValidate={noValidate}>
      <Stack gap="sm" maw={maw}>
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </form>
  );
}
