import { WhenDialog } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { renterApi, rentalKeys, type RentalBooking } from '../api';
import { zonedParts, zonedToIso } from '../format';

/**
 * The renter's "Change pick-up time" (PATCH /rentals/bookings/{id}/schedule): a new date and time at the pick-up
 * branch, in its zone when it has one; the drop-off moves with it, so the days and the price stay the same.
 */
export function ChangePickupDialog({ b }: { b: RentalBooking }) {
  const qc = useQueryClient();
  const zone = b.pickup_branch.time_zone;
  return (
    <WhenDialog
      triggerLabel="Change pick-up time"
      title="Change pick-up time"
      description={
        <>
          At {b.pickup_branch.name}
          {zone ? ` (times in ${zone.split('/').pop()!.replace(/_/g, ' ')})` : ''}. The drop-off moves by the same amount: {b.days} day{b.days === 1 ? '' : 's'}, same price.
        </>
      }
      dateLabel="Pick-up date"
      timeLabel="Pick-up time"
      confirmLabel="Move the pick-up"
      initial={() => zonedParts(b.start, zone)}
      check={(w) => {
        const at = zonedToIso(w.date, w.time, zone);
        return !at || new Date(at) <= new Date() ? 'Choose a time in the future' : null;
      }}
      rename={{ starts_at: 'date' }}
      onConfirm={async (w) => {
        const next = await renterApi.schedule(b.id, zonedToIso(w.date, w.time, zone)!);
        qc.setQueryData(rentalKeys.mineOne(b.id), next);
        void qc.invalidateQueries({ queryKey: rentalKeys.mine });
        void qc.invalidateQueries({ queryKey: ['trips'] });
      }}
    />
  );
}
