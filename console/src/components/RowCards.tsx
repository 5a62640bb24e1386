import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One row of a list as a card: its title (a link to the record), a badge beside it, its facts. */
export interface RowCard {
  key: string;
  title: string;
  /** Where the title links to (none: plain text). */
  to?: string;
  badge?: ReactNode;
  /** Label and value, in reading order; a null value is left out. */
  facts: [string, ReactNode | null][];
}

/**
 * A list's rows as cards, one under the other, for phones: a table's columns do not fit 390 px, and
 * a table that scrolls sideways hides the columns that matter. Shown below Mantine's `sm` breakpoint;
 * the screen shows its table from `sm` up (`visibleFrom="sm"`), so each width has one of the two.
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
    <Stack component="ul" className="plain-list" gap="sm" hiddenFrom="sm" aria-label={label}>
      {items.length === 0 && empty ? (
        <Text component="li" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {items.map((item) => {
        const view = card(item);
        return (
          <Paper component="li" key={view.key} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              {view.to ? (
                <Anchor component={Link} to={view.to} fw={600} className="cell-wrap">
                  {view.title}
                </Anchor>
              ) : (
                <Text fw={600} className="cell-wrap">
                  {view.title}
                </Text>
              )}
              {view.badge ?? null}
            </Group>
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
          </Paper>
        );
      })}
    </Stack>
  );
}
