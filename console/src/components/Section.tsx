import { Group, Stack, type StackProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A named part of a screen (a page's leads, its audiences, an import's engagement): a `<section>`
 * labelled by its own heading, with the part's buttons (`actions`) on the heading's line.
 */
export function Section({
  id,
  title,
  actions,
  mt,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  mt?: StackProps['mt'];
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h3" id={id}>
      {title}
    </Title>
  );
  return (
    <Stack component="section" aria-labelledby={id} mt={mt}>
      {actions === undefined ? (
        heading
      ) : (
        <Group justify="space-between" wrap="wrap">
          {heading}
          {actions}
        </Group>
      )}
      {children}
    </Stack>
  );
}
