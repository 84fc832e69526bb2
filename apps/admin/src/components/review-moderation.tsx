import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminPracticeKeys, adminReviewsApi, type AdminReview, type Review } from '../api/practice';

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`size-4 ${n <= rating ? 'fill-current text-warning' : 'text-muted-foreground/40'}`} aria-hidden />
      ))}
    </span>
  );
}

const STATUS: Record<Review['status'], { label: string; tone: 'success' | 'soft' | 'destructive' }> = {
  visible: { label: 'Shown', tone: 'success' },
  reported: { label: 'Hidden, reported', tone: 'soft' },
  removed: { label: 'Removed', tone: 'destructive' },
};

/** One review's text, author and date; reports and the admin's decision below it when given. */
export function ReviewBody({ review, children }: { review: Review; children?: React.ReactNode }) {
  return (
    <article className="grid gap-2 rounded-lg border p-4" aria-label={`Review by ${review.author_name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <Stars rating={review.rating} />
          <span className="text-sm font-medium">{review.author_name}</span>
          <span className="text-xs text-muted-foreground">{formatDate(review.created_at)}</span>
        </span>
        <Badge variant={STATUS[review.status].tone}>{STATUS[review.status].label}</Badge>
      </div>
      {review.text ? <p className="whitespace-pre-line break-words text-sm">{review.text}</p> : <p className="text-sm text-muted-foreground">A rating without words.</p>}
      {review.reply && (
        <p className="whitespace-pre-line break-words border-l-2 pl-3 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Provider's reply: </span>
          {review.reply}
        </p>
      )}
      {children}
    </article>
  );
}

/** Restore or remove, each confirmed: both change what everyone sees and the provider's rating. */
function DecisionDialog({ review, action, onDone }: { review: AdminReview; action: 'restore' | 'remove'; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: () => adminReviewsApi.decide(review.id, action),
    onSuccess: () => {
      toast.success(action === 'restore' ? `${review.author_name}'s review is shown again.` : `${review.author_name}'s review is removed.`);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: adminPracticeKeys.reviewsAll });
      void queryClient.invalidateQueries({ queryKey: adminPracticeKeys.all });
      onDone?.();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const restore = action === 'restore';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant={restore ? 'outline' : 'destructive'} onClick={() => setOpen(true)}>
        {restore ? 'Restore' : 'Remove'}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{restore ? `Restore ${review.author_name}'s review?` : `Remove ${review.author_name}'s review?`}</DialogTitle>
          <DialogDescription>
            {restore
              ? 'It is shown on the provider’s profile again and counts towards their rating. The reports are kept.'
              : 'It stays hidden for good and no longer counts towards the provider’s rating.'}{' '}
            The decision is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={restore ? 'default' : 'destructive'} loading={decide.isPending} onClick={() => decide.mutate()}>
            {restore ? 'Restore review' : 'Remove review'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A reported review with who reported it and why, and the two decisions. */
export function ReportedReview({ review, providerLink }: { review: AdminReview; providerLink?: React.ReactNode }) {
  return (
    <ReviewBody review={review}>
      {providerLink}
      <div className="grid gap-1 rounded-md bg-muted p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {review.report_count === 1 ? 'One report' : `${review.report_count} reports`}
        </p>
        <ul className="grid gap-1 text-sm">
          {review.reports.map((r) => (
            <li key={`${r.reporter_id}-${r.created_at}`} className="break-words">
              <span className="font-medium">{r.reporter_name}</span> <span className="text-muted-foreground">on {formatDate(r.created_at)}:</span> “{r.reason}”
            </li>
          ))}
        </ul>
      </div>
      {review.status === 'reported' && (
        <div className="flex flex-wrap justify-end gap-2">
          <DecisionDialog review={review} action="restore" />
          <DecisionDialog review={review} action="remove" />
        </div>
      )}
    </ReviewBody>
  );
}
