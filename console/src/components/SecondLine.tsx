import { Text } from '@mantine/core';

/** A table cell's second line, dimmed (an email under a name, a job title under a company); nothing without one. */
export function SecondLine({ children }: { children: string | null | undefined }) {
  return children ? (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  ) : null;
}
