import { errorMessage } from '@sojourn/api-client';
import { Button, ErrorState, FormAlert, Skeleton, Spinner } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { peerInCall } from '../api';
import { mediaAdvice } from '../engine/media';
import { QualityIndicator } from './quality';
import { useCall } from './use-call';
import { VideoTile } from './video-tile';

export interface DateCallProps {
  /** The video room of this round's date. */
  roomId: string;
  /** The partner's name, for the tile's label and the waiting line. */
  partnerName: string;
}

/**
 * The embedded call of one timed date (speed dating): no preview and no lobby, the caller joins as soon as the
 * camera is ready; the partner's video large, one's own small, microphone and camera toggles. Leaving the room
 * happens when the component unmounts (the round ends or the person leaves the event): mount one per room id.
 * Loaded through the subpath `@sojourn/feature-video/date-call` so that the portal passes it to the speed-dating pages
 * without putting the call into its first load.
 */
export default function DateCall({ roomId, partnerName }: DateCallProps) {
  const c = useCall(roomId);
  const r = c.room.data;
  const asked = useRef(false);
  const admitted = useRef(false);

  // Join as soon as the camera is ready; a date has no lobby to wait in, so a host lets a waiting partner in at once.
  useEffect(() => {
    if (!r || r.status !== 'open' || c.mediaLoading) return;
    if (!asked.current) {
      asked.current = true;
      void c.join();
    } else if (r.role === 'host' && r.lobby.guest_in && !r.lobby.guest_admitted && !admitted.current) {
      admitted.current = true;
      void c.admit();
    }
  }, [r, c]);

  if (c.room.isPending) return <Skeleton className="aspect-[4/3] w-full rounded-2xl sm:aspect-video" />;
  if (c.room.isError || !r) return <ErrorState title="The video could not start" error={c.room.error} onRetry={() => void c.room.refetch()} />;

  const local = c.media?.stream ?? null;
  const hasVideo = !!local && local.getVideoTracks().length > 0;
  const hasAudio = !!local && local.getAudioTracks().length > 0;
  const e = c.engine;
  const remote = e?.remote ?? null;
  const remoteVideo = !!remote && remote.getVideoTracks().length > 0;
  const peerHere = peerInCall(r);
  const waiting = remoteVideo ? null : c.mediaLoading ? 'Starting your camera…' : c.phase !== 'call' ? 'Joining…' : !peerHere ? `Waiting for ${partnerName} to join…` : `Connecting to ${partnerName}…`;

  return (
    <div className="grid gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-neutral-900 shadow-sm sm:aspect-video" role="region" aria-label={`Video call with ${partnerName}`}>
        <VideoTile stream={remote} label={`${partnerName}'s video`} testId="remote-video" className={cn(!remoteVideo && 'invisible')} />
        {waiting && (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-white" role="status" aria-live="polite">
            <span className="inline-flex items-center gap-2">
              <Spinner /> {waiting}
            </span>
          </div>
        )}
        <div className="absolute left-3 top-3">{e && <QualityIndicator quality={e.quality} state={e.state} />}</div>
        <div className="absolute bottom-3 right-3 aspect-[3/4] w-20 overflow-hidden rounded-xl border-2 border-white/70 shadow-lg sm:aspect-video sm:w-40">
          {hasVideo && c.cam ? (
            <VideoTile stream={local} muted mirrored label="Your video" testId="local-video" />
          ) : (
            <div className="flex size-full items-center justify-center bg-neutral-800 p-1 text-center text-xs text-white">Camera off</div>
          )}
        </div>
        <div className="absolute bottom-3 left-3 flex gap-2" role="toolbar" aria-label="Call controls">
          <Button size="icon" variant={c.mic ? 'secondary' : 'destructive'} onClick={c.toggleMic} disabled={!hasAudio} aria-pressed={!c.mic} aria-label={c.mic ? 'Mute microphone' : 'Unmute microphone'} title={c.mic ? 'Mute microphone' : 'Unmute microphone'}>
            {c.mic ? <Mic aria-hidden /> : <MicOff aria-hidden />}
          </Button>
          <Button size="icon" variant={c.cam ? 'secondary' : 'destructive'} onClick={c.toggleCam} disabled={!hasVideo} aria-pressed={!c.cam} aria-label={c.cam ? 'Turn camera off' : 'Turn camera on'} title={c.cam ? 'Turn camera off' : 'Turn camera on'}>
            {c.cam ? <Video aria-hidden /> : <VideoOff aria-hidden />}
          </Button>
        </div>
      </div>
      {c.media?.problem && <FormAlert tone="info">{mediaAdvice(c.media)}</FormAlert>}
      {!!c.error && <FormAlert>{errorMessage(c.error)}</FormAlert>}
    </div>
  );
}
