import type { Key, ReactNode } from 'react';
import * as styles from './table.module.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The cell that names the row is a row header (th scope="row"). */
  rowHeader?: boolean;
  /** A sortable column: how the rows are sorted by it now (its header's aria-sort). */
  sort?: 'ascending' | 'descending' | 'none';
  /** Extra class on the column's body cells (a page's own styling, e.g. figures kept on one line). */
  cellClassName?: string;
}

export interface TableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Hides the caption visually while keeping it for screen readers. */
  hideCaption?: boolean;
  /** Extra class on the table (a page's own cell styling: `.x td`, `.x th[scope='row']`). */
  className?: string;
  /** Extra class on the scrolling region around the table (e.g. dimmed while the page reloads). */
  scrollClassName?: string;
}

/**
 * A data table with a caption and scoped headers. On narrow screens it scrolls sideways in a
 * labelled, focusable region so keyboard users can scroll it too.
 */
export function Table<Row>({ caption, columns, rows, rowKey, hideCaption = false, className, scrollClassName }: TableProps<Row>) {
  const bodyCell = (column: Column<Row>) => classes(column.numeric && styles.numeric, column.cellClassName);
  return (
    <div className={classes(styles.tableScroll, scrollClassName)} role="region" aria-label={caption} tabIndex={0}>
      <table className={classes(styles.table, className)}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? styles.numeric : undefined} aria-sort={column.sort}>
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
                  <th key={column.key} scope="row" className={bodyCell(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={bodyCell(column)}>
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

/** The class names given, or none (no empty `class` attribute). */
function classes(...names: (string | false | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}
