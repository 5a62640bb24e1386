import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from './ListTable';
import { type RowCard, RowCards, usePhone } from './RowCards';
import type { Paged } from './use-paged';

/** "Load more" while the list has another page (nothing otherwise). */
export function LoadMore({ paged, label = 'Load more' }: { paged: Paged<unknown>; label?: string }) {
  if (!paged.hasMore) return null;
  return (
    <Button variant="default" onClick={() => paged.more()} loading={paged.loadingMore}>
      {label}
    </Button>
  );
}

/**
 * Every list of the console: a striped table that scrolls sideways inside itself on a phone, its
 * caption ("Loading…" until the first page is in), one header cell per column, a row per item
 * loaded so far, and "Load more" below it while the list has another page. With `card`, a phone
 * (below `sm`, `usePhone`) gets a card per item instead of the table (RowCards), the caption under them.
 */
export function PagedTable<T>({
  paged,
  columns,
  row,
  minWidth,
  caption,
  highlightOnHover,
  label,
  card,
}: {
  paged: Paged<T>;
  /** The header cells; a `null` (a column the role does not get) is left out. */
  columns: (string | null)[];
  /** One `<Table.Tr key=…>` per item. */
  row: (item: T) => ReactNode;
  minWidth: number;
  /** What the caption says once the first page is in; no caption without it. */
  caption?: (paged: Paged<T>) => string;
  highlightOnHover?: boolean;
  /** The table's accessible name, where it has no caption. */
  label?: string;
  /** Each item as a card, for phones: its title, badge, facts and actions (RowCards). */
  card?: (item: T) => RowCard;
}) {
  const phone = usePhone();
  const captionText = caption ? (paged.isPending ? 'Loading…' : caption(paged)) : null;
  const table = (
    <ListTable
      columns={columns}
      minWidth={minWidth}
      label={label}
      caption={captionText}
      striped
      highlightOnHover={highlightOnHover}
    >
      {paged.items.map(row)}
    </ListTable>
  );
  return (
    <>
      {card === undefined || !phone ? (
        table
      ) : (
        <>
          <RowCards items={paged.items} card={card} label={label ?? captionText ?? 'List'} />
          {captionText !== null ? (
            <Text size="sm" c="dimmed" ta="center">
              {captionText}
            </Text>
          ) : null}
        </>
      )}
      <LoadMore paged={paged as Paged<unknown>} />
    </>
  );
}
