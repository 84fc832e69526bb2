import { Badge } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { AlertTriangle, BedDouble, CalendarClock, CarFront, Map as MapIcon, Plane, Ticket, type LucideIcon } from 'lucide-react';
import type { TripConflict, TripItem, TripKind } from '../api';

export const KIND_LABELS: Record<TripKind, string> = { flight: 'Flight', stay: 'Stay', rental: 'Car', tour: 'Tour', session: 'Session', event: 'Event' };
export const KIND_ICONS: Record<TripKind, LucideIcon> = { flight: Plane, stay: BedDouble, rental: CarFront, tour: MapIcon, session: CalendarClock, event: Ticket };

export function KindIcon({ kind, className }: { kind: TripKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return <Icon className={cn('size-5 text-primary', className)} aria-hidden />;
}

const DEAD = ['cancel', 'expired', 'declined', 'failed', 'refund', 'no_show'];
export const isLive = (status: string) => !DEAD.some((d) => status.toLowerCase().includes(d));

export function ItemStatus({ status }: { status: string }) {
  const live = isLive(status);
  const label = status.replace(/_/g, ' ');
  return (
    <Badge variant={!live ? 'destructive' : status === 'confirmed' ? 'success' : 'outline'} className="capitalize">
      {label}
    </Badge>
  );
}

export const itemKey = (i: { kind: string; ref_id: string }) => `${i.kind}:${i.ref_id}`;

/** The trip's conflicts, errors first; each names its two items. */
export function ConflictList({ conflicts, items, compact = false }: { conflicts: TripConflict[]; items: TripItem[]; compact?: boolean }) {
  if (conflicts.length === 0) return null;
  const title = (ref: { kind: string; ref_id: string }) => items.find((i) => itemKey(i) === itemKey(ref))?.title ?? ref.kind;
  const sorted = [...conflicts].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <ul className="grid gap-2" aria-label="Conflicts">
      {sorted.map((c, i) => (
        <li
          key={`${c.code}-${i}`}
          role="alert"
          className={cn('flex gap-2 rounded-md border px-3 py-2 text-sm', c.severity === 'error' ? 'border-destructive/40 bg-destructive/5' : 'border-warning/40 bg-warning/5')}
        >
          <AlertTriangle className={cn('mt-0.5 size-4 shrink-0', c.severity === 'error' ? 'text-destructive' : 'text-foreground')} aria-hidden />
          <span className="grid gap-0.5">
            <span>
              <span className="font-semibold">{c.severity === 'error' ? 'Conflict' : 'Check this'}:</span> {c.message}
            </span>
            {!compact && (
              <span className="text-xs text-muted-foreground">
                {title(c.items[0]!)} · {title(c.items[1]!)}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
