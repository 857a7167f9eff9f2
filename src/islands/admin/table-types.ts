import type { ReactNode } from 'react';
import type { ListQuery, Page } from '../../lib/api/data.ts';

/** What a staff table (`DataTable.tsx`) is told: its columns, how to read a page, its forms and row actions. */

/** One column of a `DataTable`. */
export interface Column<T> {
  label: string;
  /** The field the list sorts on (`CategoryTitle`) when a click on the header may sort by it. */
  sort?: string;
  cell: (row: T, table: TableHandle) => ReactNode;
  /** Classes for the header and the cells (width, alignment). */
  className?: string;
  /** The column that names the row (a row header for screen readers). */
  rowHeader?: boolean;
}

/** What a create or edit form calls when it is done. */
export interface FormDone {
  /** Closes the form, says `message`, and reloads the table. */
  saved: (message: string) => void;
  cancel: () => void;
}

/** Lets row actions and page controls reload the table. */
export interface TableHandle {
  reload: () => void;
}

export interface DataTableProps<T> {
  /** The table's caption and accessible name, such as `Categories`. */
  caption: string;
  /** The rows in words, for summaries (`categories`). */
  noun: string;
  columns: Column<T>[];
  /** Reads one page; called with page, limit, sort and filter (spec §7). */
  load: (query: ListQuery) => Promise<Page<T>>;
  rowKey: (row: T) => string | number;
  /** The row's name in button labels (`Edit Fruit`). */
  rowName: (row: T) => string;
  filterLabel?: string;
  /** Whenever it changes, the table reads page 0 again (another store picked, …). */
  reloadKey?: string;
  /** Controls beside the filter box (a status or store picker). */
  toolbar?: ReactNode;
  /** Controls that need the filter the table shows (an export of exactly these rows). */
  toolbarWith?: (state: { filter: string }) => ReactNode;
  /** What an empty list shows (not a filtered one). */
  empty: ReactNode;
  create?: { label: string; title: string; description?: ReactNode; render: (done: FormDone) => ReactNode };
  edit?: {
    title: (row: T) => string;
    description?: (row: T) => ReactNode;
    render: (row: T, done: FormDone) => ReactNode;
  };
  remove?: {
    /** The button's and confirmation's verb (`Unpublish`); `Delete` when left out. */
    label?: string;
    title: (row: T) => string;
    body: (row: T) => ReactNode;
    /** Deletes the row; answers the message to show. A rejection (such as a 409) shows in the dialog. */
    run: (row: T) => Promise<string>;
  };
  /** More buttons for a row, before Edit and Delete. */
  actions?: (row: T, table: TableHandle) => ReactNode;
  /** A row whose edit form opens as soon as it is given (a link to one row's editor). */
  opened?: T | null;
  /** Rows shown faded (hidden ones). */
  faded?: (row: T) => boolean;
  /** The page sizes offered; the first one after 20 is the default only when 20 is missing. */
  pageSizes?: number[];
}
