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
  /** The field's name on a stacked card when `header` is not plain text (none: the cell stands alone, as actions do). */
  label?: string;
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
  /**
   * "cards": below the `sm` breakpoint (640 px) each row is a stacked card (the first column as its title, every
   * other column as a labelled field, actions last) instead of a table that scrolls sideways and hides the columns
   * that matter. Admin tables use it.
   */
  responsive?: 'cards';
} & (NumberedPaging | CursorPaging);

const NARROW = '(max-width: 639.98px)';

/** Whether the viewport is narrower than the `sm` breakpoint, following resizes. */
export function useNarrow(): boolean {
  const query = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
  const [narrow, setNarrow] = React.useState(query);
  React.useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const m = window.matchMedia(NARROW);
    const on = () => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return narrow;
}

function CardList<T>({ columns, rows, loading, caption, rowKey }: { columns: Column<T>[]; rows: T[] | undefined; loading?: boolean; caption: string; rowKey: (row: T) => string }) {
  const [title, ...rest] = columns;
  const fields = rest.filter((c) => c.label ?? typeof c.header === 'string');
  const loose = rest.filter((c) => !(c.label ?? typeof c.header === 'string'));
  if (loading && !rows) {
    return (
      <ul aria-label={caption} aria-busy className="grid gap-3">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="rounded-lg border p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="mt-3 h-4 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={caption} aria-busy={loading || undefined} className="grid gap-3">
      {rows?.map((row) => (
        <li key={rowKey(row)} className="grid gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground">
          {title && <div className="min-w-0 break-words">{title.cell(row)}</div>}
          {fields.length > 0 && (
            <dl className="grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-2">
              {fields.map((c) => (
                <React.Fragment key={c.key}>
                  <dt className="text-xs font-medium text-muted-foreground">{c.label ?? c.header}</dt>
                  <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                </React.Fragment>
              ))}
            </dl>
          )}
          {loose.map((c) => (
            <div key={c.key} className="flex flex-wrap gap-2 [&>*]:justify-start">
              {c.cell(row)}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** A table over server data, with loading, empty and error states, and numbered pages or "Load more". */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, loading, error } = props;
  const narrow = useNarrow();
  if (error) {
    return <ErrorState title="Could not load this list" error={error} onRetry={props.onRetry} />;
  }
  const cards = props.responsive === 'cards' && narrow;
  return (
    <div className="grid gap-4">
      {cards ? (
        <CardList columns={columns} rows={rows} loading={loading} caption={props.caption} rowKey={props.rowKey} />
      ) : (
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
      )}
      {rows && rows.length === 0 && !loading && <EmptyState title={props.empty.title} description={props.empty.description} />}
      {'more' in props ? (
        <LoadMore {...props.more} shown={rows?.length ?? 0} />
      ) : (
        <Pagination page={props.page} perPage={props.perPage} total={props.total} onPageChange={props.onPageChange} />
      )}
    </div>
  );
}
