import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table of the console: it scrolls sideways inside itself below `minWidth` (a phone), has an
 * accessible name or a caption, one header cell per column, and its rows (`children`).
 */
export function ListTable({
  columns,
  minWidth,
  label,
  caption,
  striped,
  highlightOnHover,
  children,
}: {
  /** The header cells; a `null` (a column the role does not get) is left out. */
  columns: (string | null)[];
  minWidth: number;
  /** The table's accessible name, where it has no caption. */
  label?: string;
  caption?: string | null;
  striped?: boolean;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped={striped} highlightOnHover={highlightOnHover} aria-label={label}>
        {caption !== undefined && caption !== null ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (column === null ? null : <Table.Th key={column}>{column}</Table.Th>))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
