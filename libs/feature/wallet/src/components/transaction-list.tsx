import { formatDate } from '@sojourn/util';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Transaction } from '../api';
import { describeTransaction } from '../labels';
import { SignedAmount, StatusBadge } from './money-bits';
import { useWalletPaths } from '../paths';

/** A compact list of transactions, each leading to its details page. */
export function TransactionList({ rows }: { rows: Transaction[] }) {
  const paths = useWalletPaths();
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {rows.map((t) => (
        <li key={t.id}>
          <Link
            to={`${paths.details}?id=${encodeURIComponent(t.id)}`}
            className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${t.direction === 'credit' ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground'}`}
              aria-hidden
            >
              {t.direction === 'credit' ? <ArrowDownLeft className="size-4" /> : <ArrowUpRight className="size-4" />}
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate text-sm font-medium">{describeTransaction(t)}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                {formatDate(t.created_at)}
                {t.status !== 'completed' && <StatusBadge status={t.status} />}
              </span>
            </span>
            <SignedAmount t={t} className="text-sm" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
