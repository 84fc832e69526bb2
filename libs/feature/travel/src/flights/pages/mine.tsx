import { Button, Card, CursorListPage, cursorQuery } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plane } from 'lucide-react';
import { Link } from 'react-router';
import { flightKeys, flightsApi } from '../api';
import { localClock, localDay } from '../format';
import { FLIGHT_PATHS } from '../paths';

const LABEL: Record<string, string> = { awaiting_payment: 'Awaiting payment', placing: 'Confirming', confirmed: 'Confirmed', failed: 'Not booked', cancelled: 'Cancelled' };

/** The traveller's flight orders, newest first. */
export default function MyFlightsPage() {
  const q = useInfiniteQuery(cursorQuery(flightKeys.mine, (cursor) => flightsApi.list(cursor, 10)));
  return (
    <CursorListPage
      title="My flights"
      actions={
        <Button asChild size="sm">
          <Link to={FLIGHT_PATHS.search}>Book a flight</Link>
        </Button>
      }
      query={q}
      rowKey={(o) => o.id}
      empty={{ icon: <Plane className="size-6" />, title: 'No flights yet', description: 'Flights you book appear here with their booking reference.' }}
      noun={['flight', 'flights']}
    >
      {(o) => (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="grid gap-0.5">
            <Link to={`${FLIGHT_PATHS.details}?order=${o.id}`} className="font-semibold hover:underline">
              {o.origin.city || o.origin.iata} to {o.destination.city || o.destination.iata}
            </Link>
            <p className="text-sm text-muted-foreground">
              {o.slices[0] ? `${localDay(o.slices[0].departs_local)} ${localClock(o.slices[0].departs_local)}` : ''} · {o.owner.name}
              {o.booking_reference ? ` · ${o.booking_reference}` : ''}
            </p>
          </div>
          <div className="text-right text-sm">
            <p className="font-medium">{LABEL[o.status]}</p>
            <p className="text-muted-foreground">{formatMoney(o.price.amount, o.price.currency)}</p>
          </div>
        </Card>
      )}
    </CursorListPage>
  );
}
