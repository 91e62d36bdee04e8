import type { Key, ReactNode } from 'react';
import './table.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The cell that names the row is a row header (th scope="row"). */
  rowHeader?: boolean;
  /** A column the rows are sorted by (aria-sort on its header); the header holds the sort button. */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface TableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Hides the caption visually while keeping it for screen readers. */
  hideCaption?: boolean;
}

/**
 * A data table with a caption and scoped headers. On narrow screens it scrolls sideways in a
 * labelled, focusable region so keyboard users can scroll it too.
 */
export function Table<Row>({ caption, columns, rows, rowKey, hideCaption = false }: TableProps<Row>) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'is-numeric' : undefined} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
