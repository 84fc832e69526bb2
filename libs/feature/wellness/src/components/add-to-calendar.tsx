import { Button } from '@sojourn/ui';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { Booking } from '../api';
import { bookingIcs } from '../policy';

/** "Add to calendar": an .ics file of the session for any calendar app. */
export function AddToCalendar({ booking, variant = 'default' }: { booking: Booking; variant?: 'default' | 'outline' }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([bookingIcs(booking, window.location.origin)], { type: 'text/calendar' })), [booking]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Button asChild variant={variant}>
      <a href={href} download={`sojourn-session-${booking.id.slice(-8)}.ics`}>
        <CalendarPlus aria-hidden /> Add to calendar
      </a>
    </Button>
  );
}
