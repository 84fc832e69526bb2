import { cn } from '@sojourn/util';
import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { mmss, secondsLeft } from '../format';

/** How long the fares hold; announces expiry once. */
export function useSecondsLeft(expiresAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [expiresAt]);
  return expiresAt ? secondsLeft(expiresAt, now) : null;
}

export function Countdown({ expiresAt, what = 'These fares', plural = true }: { expiresAt: string; what?: string; plural?: boolean }) {
  const left = useSecondsLeft(expiresAt) ?? 0;
  const expired = left === 0;
  return (
    <p role={expired ? 'alert' : undefined} className={cn('flex items-center gap-2 text-sm', expired ? 'text-destructive' : left < 300 ? 'text-warning' : 'text-muted-foreground')}>
      <Timer className="size-4" aria-hidden />
      {expired ? `${what} ${plural ? 'have' : 'has'} expired. Search again for current prices.` : (
        <span>
          {what} {plural ? 'hold' : 'holds'} for <span className="font-medium tabular-nums">{mmss(left)}</span>
        </span>
      )}
    </p>
  );
}
