import { Badge } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { BadgeCheck, Star } from 'lucide-react';
import type { BookingStatus } from '../api';
import { STATUS_LABELS, statusTone } from '../policy';

export function StatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  return (
    <Badge variant={statusTone(status)} className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function VerifiedBadge({ verified, noun = 'licence' }: { verified: boolean; noun?: string }) {
  if (!verified) return null;
  return (
    <Badge variant="success">
      <BadgeCheck className="size-3.5" aria-hidden />
      Verified {noun}
    </Badge>
  );
}

/** "4.8 ★ (23 reviews)", or "No reviews yet". */
export function Rating({ average, count, className }: { average: number; count: number; className?: string }) {
  if (count === 0) return <span className={cn('text-sm text-muted-foreground', className)}>No reviews yet</span>;
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-warning text-warning" aria-hidden />
      <span className="font-semibold">{average.toFixed(1)}</span>
      <span className="text-muted-foreground">
        ({count} review{count === 1 ? '' : 's'})
      </span>
      <span className="sr-only">out of 5</span>
    </span>
  );
}

/** Five stars for one review's rating, read as "Rated 4 out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={cn('size-4', i <= rating ? 'fill-warning text-warning' : 'text-muted-foreground/40')} aria-hidden />
      ))}
    </span>
  );
}
