import { Button } from '@sojourn/ui';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { Booking } from '../api';
import { bookingIcs } from '../policy';

/** "Add to calendar": an .ics file of the session for any calendar app. */
export function AddToCalendar({ booking, variant = 'default' }: { booking: Booking; variant?: 'default' | 'outline' }) {
  const href = useMemo(() => {
    const ics = bookingIcs(booking, window.location.origin);
    return typeof URL.createObjectURL === 'function'
      ? URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }))
      : `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
  }, [booking]);
  useEffect(() => () => (href.startsWith('blob:') ? URL.revokeObjectURL(href) : undefined), [href]);
  return (
    <Button asChild variant={variant}>
      <a href={href} download={`sojourn-session-${booking.id.slice(-8)}.ics`}>
        <CalendarPlus aria-hidden /> Add to calendar
      </a>
    </Button>
  );
}
