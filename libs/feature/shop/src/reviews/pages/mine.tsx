import { mediaUrl, errorMessage, isApiError } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, DialogContent, EmptyState, ErrorState, LoadMore, PageHeader, ReviewForm, Skeleton, Stars } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, MessageSquare, PackageCheck, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { productHref } from '../../catalog/paths';
import { MAX_REVIEW_PHOTOS, shopReviewKeys, shopReviewsApi, type ReviewableLine, type ShopReview } from '../api';
import { ReviewPhotos, reviewWhen } from '../product-reviews';

function WriteReview({ line }: { line: ReviewableLine }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const title = line.variant_title ? `${line.title} (${line.variant_title})` : line.title;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Review ${title}`}>
        <Star aria-hidden /> Write a review
      </Button>
      <DialogContent>
        {open && (
          <ReviewForm
            title="Review your purchase"
            description={`${title} from ${line.store_name}. Your review appears on the product's page under your name once the Sojourn team has checked it; you can add photos next.`}
            placeholder="How is it in use? Did it match the photos and description?"
            onSubmit={async (v) => {
              await shopReviewsApi.create(line.order_line_id, v.rating, v.text);
              toast.success('Thank you. Your review is with the Sojourn team and appears once approved.');
            }}
            onDone={() => {
              setOpen(false);
              void qc.invalidateQueries({ queryKey: shopReviewKeys.all });
            }}
            onBack={() => setOpen(false)}
            onRefused={(e) => {
              if (isApiError(e) && (e.status === 409 || e.status === 404)) void qc.invalidateQueries({ queryKey: shopReviewKeys.all });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddPhoto({ r }: { r: ShopReview }) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: (f: File) => shopReviewsApi.addPhoto(r.id, f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: shopReviewKeys.mine }),
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (r.status !== 'pending' || r.photos.length >= MAX_REVIEW_PHOTOS) return null;
  const id = `photo-${r.id}`;
  return (
    <div>
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-muted">
        <ImagePlus className="size-4" aria-hidden /> {m.isPending ? 'Uploading…' : `Add a photo (${r.photos.length} of ${MAX_REVIEW_PHOTOS})`}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        disabled={m.isPending}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) m.mutate(f);
        }}
      />
    </div>
  );
}

const STATUS: Record<ShopReview['status'], { label: string; variant: 'warning' | 'success' | 'destructive' }> = {
  pending: { label: 'Awaiting approval', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
  rejected: { label: 'Not published', variant: 'destructive' },
};

/** /shop/review: the delivered purchases waiting for a review, and the reviews the shopper wrote. */
export default function MyShopReviewsPage() {
  const lines = useQuery({ queryKey: shopReviewKeys.reviewable, queryFn: shopReviewsApi.reviewable });
  const mine = useInfiniteQuery({
    queryKey: shopReviewKeys.mine,
    queryFn: ({ pageParam }) => shopReviewsApi.mine(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = mine.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Reviews" description="Review what you bought once it has reached you. Reviews help other shoppers and the sellers who made them." />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Waiting for your review</CardTitle>
        </CardHeader>
        <CardContent>
          {lines.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : lines.isError ? (
            <ErrorState title="We could not load your purchases" error={lines.error} onRetry={() => void lines.refetch()} />
          ) : lines.data.length === 0 ? (
            <EmptyState icon={<PackageCheck className="size-6" />} title="Nothing to review" description="Items you receive from the shop appear here." />
          ) : (
            <ul className="grid gap-3" data-testid="reviewable-lines">
              {lines.data.map((l) => (
                <li key={l.order_line_id} className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-3 border-b pb-3 last:border-0 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto]">
                  {l.photo_url ? <img src={mediaUrl(l.photo_url) ?? undefined} alt="" className="size-14 rounded-md object-cover" /> : <div className="size-14 rounded-md bg-muted" aria-hidden />}
                  <div className="grid min-w-0 gap-0.5">
                    <Link to={productHref(l.product_id)} className="font-medium hover:underline">
                      {l.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {l.variant_title ? `${l.variant_title} · ` : ''}
                      {l.store_name} · delivered {reviewWhen(l.delivered_at)}
                    </p>
                  </div>
                  <div className="col-span-2 flex justify-end sm:col-span-1">
                    <WriteReview line={l} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="my-reviews" className="grid gap-3">
        <h2 id="my-reviews" className="text-xl font-semibold">
          Your reviews
        </h2>
        {mine.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : mine.isError && !mine.data ? (
          <ErrorState title="We could not load your reviews" error={mine.error} onRetry={() => void mine.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<MessageSquare className="size-6" />} title="No reviews yet" description="The reviews you write appear here with their status." />
        ) : (
          <>
            <ul className="grid gap-3" data-testid="my-reviews">
              {rows.map((r) => (
                <li key={r.id}>
                  <Card>
                    <CardContent className="grid gap-2 pt-5 text-sm sm:pt-6">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <Link to={productHref(r.product_id)} className="font-semibold hover:underline">
                          {r.title}
                        </Link>
                        <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                      </div>
                      <p className="flex items-center gap-2">
                        <Stars rating={r.rating} /> <span className="text-muted-foreground">{reviewWhen(r.created_at)}</span>
                      </p>
                      {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
                      {r.status === 'rejected' && r.reject_reason && <p className="text-muted-foreground">Why: {r.reject_reason}</p>}
                      <ReviewPhotos r={r} />
                      <AddPhoto r={r} />
                      {r.reply && (
                        <div className="rounded-md bg-muted/60 p-3">
                          <p className="text-xs font-medium text-muted-foreground">The seller replied</p>
                          <p className="whitespace-pre-wrap">{r.reply}</p>
                        </div>
                      )}
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={mine.hasNextPage} loading={mine.isFetchingNextPage} failed={mine.isFetchNextPageError} onLoadMore={() => void mine.fetchNextPage()} noun={['review', 'reviews']} />
          </>
        )}
      </section>
    </div>
  );
}
