import { Anchor, Box, Group, Paper, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One row of a list as a card: its title (a link to the record), a badge beside it, its facts. */
export interface RowCard {
  key: string;
  title: string;
  /** Where the title links to (none: plain text). */
  to?: string;
  /** A small line under the title (an id, a note). */
  subtitle?: ReactNode;
  badge?: ReactNode;
  /** Buttons for the row, under its facts. */
  actions?: ReactNode;
  /** Label and value, in reading order; a null value is left out. */
  facts: [string, ReactNode | null][];
}

/**
 * Whether the screen is a phone's: narrower than Mantine's `sm` breakpoint (48em), where a list is
 * shown as cards. Read at once (no server rendering here), so a table never flashes before them.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return !useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
}

/**
 * A list's rows as cards, one under the other, for phones (`usePhone`): a table's columns do not fit
 * 390 px, and a table that scrolls sideways hides the columns that matter. A screen renders either
 * its table or these cards, never both (no hidden copy of every link and button).
 */
export function RowCards<T>({
  items,
  card,
  label,
  empty,
}: {
  items: readonly T[];
  card: (item: T) => RowCard;
  /** The list's accessible name (the table's, so both read the same). */
  label: string;
  /** What an empty list says (nothing while it loads). */
  empty?: string | null;
}) {
  return (
    <Stack component="ul" className="plain-list" gap="sm" aria-label={label}>
      {items.length === 0 && empty ? (
        <Text component="li" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {items.map((item) => {
        const view = card(item);
        return (
          <Paper component="li" key={view.key} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              {view.to ? (
                <Anchor component={Link} to={view.to} fw={600} className="cell-wrap">
                  {view.title}
                </Anchor>
              ) : (
                <Text fw={600} className="cell-wrap">
                  {view.title}
                </Text>
              )}
              {/* The badge keeps its whole word: it goes under a title too long to share the line. */}
              {view.badge ? <Box style={{ flexShrink: 0 }}>{view.badge}</Box> : null}
            </Group>
            {view.subtitle ? (
              <Text size="xs" c="gray.7" className="cell-wrap">
                {view.subtitle}
              </Text>
            ) : null}
            <dl className="facts card-facts">
              {view.facts
                .filter(([, value]) => value !== null)
                .map(([name, value]) => (
                  <div key={name} className="fact">
                    <dt>{name}</dt>
                    <dd className="cell-wrap">{value}</dd>
                  </div>
                ))}
            </dl>
            {view.actions ? <Group mt="xs">{view.actions}</Group> : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
