import { Alert } from '@mantine/core';

/** A failed load or action, in words, announced to screen readers. */
export function QueryError({ error }: { error: Error | null }) {
  if (error === null) return null;
  return (
    <Alert variant="outline" color="red.9" role="alert" title="Something went wrong">
      {error.message}
    </Alert>
  );
}
