import { WhenDialog } from '@sojourn/ui';
import type { TripItem } from '../api';
import { localDate, localTime, zoneLabel, zonedToUTC } from '../time';

/**
 * "Change pick-up time" for a rental on the trip: the new date and time at the pick-up branch (in its zone); the
 * drop-off moves by the same amount, so the days and the price stay. A car rented to someone else then is the API's
 * 409, shown in the dialog.
 */
export function ChangePickupDialog({ item, onMove }: { item: TripItem; onMove: (startsAt: string) => Promise<unknown> }) {
  return (
    <WhenDialog
      triggerLabel="Change pick-up time"
      triggerSize="sm"
      title="Change pick-up time"
      description={`${item.title} at ${item.start.name}. Times in ${zoneLabel(item.start_zone, item.starts_at)}. The drop-off moves by the same amount: same days, same price.`}
      dateLabel="Pick-up date"
      timeLabel="Pick-up time"
      confirmLabel="Move the pick-up"
      initial={() => ({ date: localDate(item.starts_local), time: localTime(item.starts_local) })}
      check={(w) => (Date.parse(zonedToUTC(w.date, w.time, item.start_zone)) <= Date.now() ? 'Choose a time in the future' : null)}
      rename={{ starts_at: 'date' }}
      onConfirm={(w) => onMove(zonedToUTC(w.date, w.time, item.start_zone))}
    />
  );
}
