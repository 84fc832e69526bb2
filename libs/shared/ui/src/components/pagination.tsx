import { cn } from '@sojourn/util';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Page numbers to show around the current page, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, perPage, total, onPageChange, className }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pagination" className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0 ? 'No results' : `Showing ${from}–${to} of ${total}`}
      </p>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <ChevronLeft aria-hidden />
        </Button>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden>
              …
            </span>
          ) : (
            <Button
              key={p}
              variant={p === page ? 'default' : 'ghost'}
              size="sm"
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onPageChange(p)}
            >
              {p}
            </Button>
          ),
        )}
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages} aria-label="Next page">
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

export interface LoadMoreProps {
  /** Rows shown so far. */
  shown: number;
  /** Whether the server has rows after these (a cursor list's next_cursor is not null). */
  hasMore: boolean;
  /** The next rows are being read. */
  loading: boolean;
  /** Reading the next rows failed; the button tries again. */
  failed?: boolean;
  onLoadMore: () => void;
  /** What the rows are, singular and plural. */
  noun?: [string, string];
  className?: string;
}

/**
 * The foot of a cursor-paged list: how many rows are shown and a "Load more" button that appends the next page. Cursor
 * lists have no total, so there are no page numbers.
 */
export function LoadMore({ shown, hasMore, loading, failed = false, onLoadMore, noun = ['result', 'results'], className }: LoadMoreProps) {
  if (shown === 0) return null;
  const what = `${shown} ${shown === 1 ? noun[0] : noun[1]}`;
  return (
    <div className={cn('flex flex-col items-center gap-3', className)}>
      <p className={cn('text-sm', failed ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
        {failed ? `Showing ${what}. We could not load more; check your connection and try again.` : hasMore ? `Showing ${what}` : `Showing all ${what}`}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onLoadMore} loading={loading}>
          {failed ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
