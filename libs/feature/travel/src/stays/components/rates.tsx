import { Badge, Button } from '@sojourn/ui';
import { mediaUrl } from '@sojourn/api-client';
import { formatMoney } from '@sojourn/util';
import { BedDouble, Check } from 'lucide-react';
import type { StayRate, StayRoom } from '../api';
import { BOARD_LABELS } from '../paths';

export function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A rate's policy in words: free cancellation until a time, part refunds, or non-refundable. */
export function PolicyText({ rate }: { rate: Pick<StayRate, 'refundable' | 'free_cancellation_until' | 'cancellation' | 'price'> }) {
  if (!rate.refundable) return <span className="font-medium text-destructive">Non-refundable: nothing is refunded if you cancel.</span>;
  return (
    <span className="grid gap-0.5">
      {rate.free_cancellation_until && <span className="font-medium text-emerald-700 dark:text-emerald-400">Free cancellation until {when(rate.free_cancellation_until)}</span>}
      {rate.cancellation
        .filter((s) => s.refund.amount < rate.price.amount)
        .map((s) => (
          <span key={s.before} className="text-muted-foreground">
            {formatMoney(s.refund.amount, s.refund.currency)} back if cancelled before {when(s.before)}
          </span>
        ))}
      <span className="text-muted-foreground">Nothing back after that.</span>
    </span>
  );
}

/** A room type with its rates, each with board, policy, price and a Reserve button. */
export function RoomRates({ room, busyRate, onReserve }: { room: StayRoom; busyRate: string | null; onReserve: (r: StayRate) => void }) {
  return (
    <section aria-label={room.name} className="grid gap-3 rounded-xl border p-4 md:grid-cols-[12rem_1fr]">
      <div className="grid content-start gap-2">
        {room.photo && <img src={mediaUrl(room.photo) ?? ''} alt={`${room.name}`} className="aspect-[16/10] w-full rounded-md object-cover" loading="lazy" width={640} height={420} />}
        <h3 className="font-semibold">{room.name}</h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <BedDouble className="size-4" aria-hidden /> {room.beds}
        </p>
      </div>
      <ul className="grid gap-2">
        {room.rates.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Check className="size-4 text-primary" aria-hidden /> {BOARD_LABELS[r.board_type] ?? r.board_type}
                {r.refundable ? <Badge variant="outline" className="border-emerald-700/30 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">Refundable</Badge> : <Badge variant="outline">Non-refundable</Badge>}
                {r.rooms_left <= 3 && <Badge variant="outline" className="border-amber-700/30 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{r.rooms_left === 1 ? 'Last room' : `${r.rooms_left} rooms left`}</Badge>}
              </p>
              <PolicyText rate={r} />
            </div>
            <div className="grid gap-1 sm:justify-items-end">
              <p className="text-lg font-bold tabular-nums">{formatMoney(r.price.amount, r.price.currency)}</p>
              <p className="text-xs text-muted-foreground">{formatMoney(r.nightly.amount, r.nightly.currency)} a night</p>
              <Button size="sm" onClick={() => onReserve(r)} loading={busyRate === r.id} disabled={busyRate !== null} aria-label={`Reserve ${room.name}, ${BOARD_LABELS[r.board_type] ?? r.board_type}, ${r.refundable ? 'refundable' : 'non-refundable'}`}>
                Reserve
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
