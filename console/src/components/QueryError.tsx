import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A failed load or action, in words, announced to screen readers; `title` says what did not
 * happen ("Not created"), `null` for none.
 */
export function QueryError({
  error,
  title = 'Something went wrong',
  mt,
}: {
  error: Error | null;
  title?: ReactNode;
  mt?: AlertProps['mt'];
}) {
  if (error === null) return null;
  return (
    <Alert mt={mt} variant="outline" color="red.9" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}
