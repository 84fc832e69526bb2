import * as React from 'react';
import { EmptyState, ErrorState } from './states';
import { LoadMore, Pagination, type LoadMoreProps } from './pagination';
import { Skeleton } from './card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

export interface Column<T> {
  key: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  className?: string;
}

/** Numbered pages over a counted list (admin tables). */
export interface NumberedPaging {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** "Load more" over a cursor list (user-facing lists that grow without bound); `rows` holds every page read so far. */
export interface CursorPaging {
  more: Omit<LoadMoreProps, 'shown' | 'className'>;
}

export type DataTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty: { title: string; description?: string };
} & (NumberedPaging | CursorPaging);

/** A table over server data, with loading, empty and error states, and numbered pages or "Load more". */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, loading, error } = props;
  if (error) {
    return <ErrorState title="Could not load this list" error={error} onRetry={props.onRetry} />;
  }
  return (
    <div className="grid gap-4">
      <Table aria-label={props.caption} aria-busy={loading || undefined}>
        <caption className="sr-only">{props.caption}</caption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((c) => (
              <TableHead key={c.key} className={c.className}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && !rows
            ? Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c.key}>
                      <Skeleton className="h-5 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows?.map((row) => (
                <TableRow key={props.rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell key={c.key} className={c.className}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
      {rows && rows.length === 0 && !loading && <EmptyState title={props.empty.title} description={props.empty.description} />}
      {'more' in props ? (
        <LoadMore {...props.more} shown={rows?.length ?? 0} />
      ) : (
        <Pagination page={props.page} perPage={props.perPage} total={props.total} onPageChange={props.onPageChange} />
      )}
    </div>
  );
}
