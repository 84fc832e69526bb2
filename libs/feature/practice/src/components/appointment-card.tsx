import { mediaUrl } from '@sojourn/api-client';
import { Avatar, Badge, Button } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { Link } from 'react-router';
import type { Booking } from '../api';
import { FORMAT_LABELS, STATUS_LABELS, formatRange, formatWhen, statusVariant } from '../format';
import { AppointmentActions } from './appointment-actions';

/** One appointment: who, what, when (viewer's zone), status, payment, and what the provider can do with it. */
export function AppointmentCard({ booking, clientHref, showKind = false }: { booking: Booking; clientHref: string; showKind?: boolean }) {
  const name = booking.client.display_name || booking.client.username;
  const format = FORMAT_LABELS[booking.format as keyof typeof FORMAT_LABELS] ?? booking.format;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="appointment">
      <div className="flex min-w-0 gap-3">
        <Avatar src={mediaUrl(booking.client.avatar_url)} name={name} size="sm" />
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold">
            <Link to={clientHref} className="underline-offset-4 hover:underline">
              {name}
            </Link>
            <span className="font-normal text-muted-foreground"> · {booking.title}</span>
          </p>
          <p>
            <time dateTime={booking.start}>{formatRange(booking.start, booking.end)}</time>
            <span className="text-muted-foreground"> · {format}{showKind ? ` · ${booking.kind}` : ''}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={statusVariant(booking.status)}>{STATUS_LABELS[booking.status]}</Badge>
            <span className="text-muted-foreground">
              {booking.pay_with === 'package' ? 'Paid with a package credit' : booking.paid_amount > 0 ? `Paid ${formatMoney(booking.paid_amount, booking.price.currency)}` : formatMoney(booking.price.amount, booking.price.currency)}
              {booking.refunded_amount > 0 && ` · refunded ${formatMoney(booking.refunded_amount, booking.price.currency)}`}
            </span>
          </div>
          {booking.status === 'pending_confirmation' && booking.confirm_by && (
            <p className="text-warning">Answer by {formatWhen(booking.confirm_by)}, or it is declined and refunded automatically.</p>
          )}
          {booking.reschedules > 0 && <p className="text-muted-foreground">Rescheduled {booking.reschedules === 1 ? 'once' : `${booking.reschedules} times`}.</p>}
          {booking.cancel_reason && <p className="text-muted-foreground">Reason: {booking.cancel_reason}</p>}
          {booking.note && <p className="text-muted-foreground">Note from {name}: {booking.note}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {booking.status === 'confirmed' && booking.format === 'video' && new Date(booking.end).getTime() > Date.now() && (
          <Button size="sm" asChild>
            <Link to={`/${booking.kind === 'coach' ? 'coach' : 'therapy'}-app/video-chat?room=${encodeURIComponent(booking.id)}`} aria-label={`Join the video session with ${name}`}>
              Join video session
            </Link>
          </Button>
        )}
        <AppointmentActions booking={booking} clientName={name} />
      </div>
    </li>
  );
}
