import { mediaUrl } from '@sojourn/api-client';
import { cn } from '@sojourn/util';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import type { ProductPhoto } from '../api';

/** The product's photos: a large one and the thumbnails that choose it. */
export function Gallery({ photos, title }: { photos: ProductPhoto[]; title: string }) {
  const [i, setI] = useState(0);
  const shown = photos[Math.min(i, photos.length - 1)];
  if (!shown)
    return (
      <div className="flex aspect-square items-center justify-center rounded-xl border bg-muted">
        <ShoppingBag className="size-16 text-muted-foreground" aria-hidden />
        <span className="sr-only">No photo yet</span>
      </div>
    );
  return (
    <div className="grid gap-3">
      <div className="overflow-hidden rounded-xl border bg-muted">
        <img src={mediaUrl(shown.large_url || shown.url) ?? ''} alt={photos.length > 1 ? `${title}, view ${i + 1} of ${photos.length}` : title} className="aspect-square w-full object-cover" />
      </div>
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {photos.map((p, j) => (
            <li key={p.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${j + 1} of ${photos.length}`}
                aria-pressed={j === i}
                onClick={() => setI(j)}
                className={cn('block size-16 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-20', j === i ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100')}
              >
                <img src={mediaUrl(p.thumb_url || p.url) ?? ''} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
