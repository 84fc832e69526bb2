import { cn } from '@sojourn/util';
import { useEffect, useRef } from 'react';

/** A <video> bound to a MediaStream (re-bound when the stream object changes). */
export function VideoTile({ stream, muted, mirrored, label, className, testId }: { stream: MediaStream | null; muted?: boolean; mirrored?: boolean; label: string; className?: string; testId?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (v.srcObject !== stream) v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  });
  // A live call has no caption file to offer.
  // eslint-disable-next-line jsx-a11y/media-has-caption
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} className={cn('size-full bg-neutral-900 object-cover', mirrored && '-scale-x-100', className)} />;
}
