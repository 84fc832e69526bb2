import { cn } from '@sojourn/util';
import { qualityLabel } from '../engine/quality';
import type { CallEngine, Quality } from '../engine/types';

/** Five bars filled by quality (0..5), with the words beside them for screen readers and on wide screens. */
export function QualityIndicator({ quality, state }: { quality: Quality; state: CallEngine['state'] }) {
  const label = state === 'connecting' ? 'Connecting' : state === 'reconnecting' ? 'Reconnecting' : state === 'failed' ? 'Connection lost' : qualityLabel(quality);
  const level = state === 'connected' ? (quality ?? 0) : 0;
  const tone = level >= 4 ? 'bg-success' : level >= 3 ? 'bg-warning' : 'bg-destructive';
  return (
    <div className="inline-flex items-center gap-2 rounded-full bg-black/60 px-3 py-1 text-xs font-medium text-white" role="status" aria-live="polite" data-testid="connection-quality" data-quality={level}>
      <span className="flex h-3.5 items-end gap-0.5" aria-hidden>
        {[1, 2, 3, 4, 5].map((b) => (
          <span key={b} className={cn('w-1 rounded-sm', b <= level ? tone : 'bg-white/35')} style={{ height: `${b * 20}%` }} />
        ))}
      </span>
      <span>{label}</span>
    </div>
  );
}
