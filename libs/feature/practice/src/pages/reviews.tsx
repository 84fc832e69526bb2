import { PageHeader } from '@sojourn/ui';
import type { Kind } from '../api';
import { PracticeReviews } from '../components/reviews';

/** A provider portal's own reviews page (the car-rental portal's): the practice of `kind`'s reviews, with replies. */
export default function ReviewsPage({ kind, description, empty }: { kind: Kind; description: string; empty: string }) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Reviews" description={description} />
      <PracticeReviews kind={kind} empty={empty} />
    </div>
  );
}
