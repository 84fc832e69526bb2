import { Badge, Button, Card, CursorListPage, cursorQuery } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BedDouble } from 'lucide-react';
import { Link } from 'react-router';
import { stayApi, stayKeys, type Stay } from '../api';
import { STAY_STATUS } from '../components/confirmation';
import { STAY_PATHS, stayHref } from '../paths';

/** A stay's dates in the property's own time zone, e.g. "Fri 10 Apr – Mon 13 Apr 2026". */
export function stayDates(s: Pick<Stay, 'starts_at' | 'ends_at' | 'time_zone'>): string {
  const zone = s.time_zone || undefined;
  const day = (iso: string, year: boolean) =>
    new Date(iso).toLocaleDateString(undefined, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}) });
  return `${day(s.starts_at, false)} – ${day(s.ends_at, true)}`;
}

/** The traveller's booked stays, newest first, each opening its confirmation. */
export default function MyStaysPage() {
  const q = useInfiniteQuery(cursorQuery(stayKeys.mine, (cursor) => stayApi.list(cursor, 10)));
  return (
    <CursorListPage
      title="My stays"
      actions={
        <Button asChild size="sm">
          <Link to={STAY_PATHS.results}>Book a hotel</Link>
        </Button>
      }
      query={q}
      rowKey={(s) => s.id}
      empty={{ icon: <BedDouble className="size-6" />, title: 'No stays yet', description: 'Hotels you book appear here with their booking reference.' }}
      noun={['stay', 'stays']}
    >
      {(s) => {
        const st = STAY_STATUS[s.status] ?? { label: s.status, tone: '' };
        return (
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="grid min-w-0 gap-0.5">
              <Link to={stayHref(s.property_id, s.id)} className="font-semibold hover:underline">
                {s.property_name}
              </Link>
              <p className="text-sm text-muted-foreground">
                {s.city} · {stayDates(s)} · {s.nights} {s.nights === 1 ? 'night' : 'nights'}
                {s.reference ? ` · ${s.reference}` : ''}
              </p>
            </div>
            <div className="grid justify-items-end gap-1 text-right text-sm">
              <Badge variant="outline" className={st.tone}>
                {st.label}
              </Badge>
              <p className="text-muted-foreground">{formatMoney(s.price.amount, s.price.currency)}</p>
            </div>
          </Card>
        );
      }}
    </CursorListPage>
  );
}
