import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, ErrorState, FormAlert, Skeleton, Spinner } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Mic, MicOff, MonitorUp, MonitorX, PhoneOff, RefreshCw, UserCheck, Video, VideoOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { peerInCall, videoKeys, type VideoRoom } from '../api';
import { mediaAdvice } from '../engine/media';
import { clock, when } from './format';
import { QualityIndicator } from './quality';
import { useCall } from './use-call';
import { VideoTile } from './video-tile';

/** Refetches the room when it opens, so the Join button wakes up on time. */
function useOpenAt(r: VideoRoom | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!r || r.status !== 'upcoming') return;
    const ms = new Date(r.opens_at).getTime() - Date.now();
    const t = setTimeout(() => void qc.invalidateQueries({ queryKey: videoKeys.room(r.id) }), Math.max(1000, Math.min(ms + 500, 2 ** 31 - 1)));
    return () => clearTimeout(t);
  }, [qc, r]);
}

function StatusNote({ r }: { r: VideoRoom }) {
  if (r.status === 'upcoming') return <FormAlert tone="info">This room opens at {clock(r.opens_at)}, 10 minutes before the session starts.</FormAlert>;
  if (r.status === 'closed') return <FormAlert tone="info">This session has ended.</FormAlert>;
  if (r.status === 'cancelled') return <FormAlert>This session was cancelled.</FormAlert>;
  return null;
}

function WaitingBanner({ r, onAdmit }: { r: VideoRoom; onAdmit: () => void }) {
  if (r.role !== 'host' || !r.lobby.guest_in || r.lobby.guest_admitted || r.status !== 'open') return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3" role="status" aria-live="polite">
      <p className="text-sm font-medium">{r.peer.name} is waiting in the lobby.</p>
      <Button size="sm" onClick={onAdmit}>
        <UserCheck aria-hidden /> Admit {r.peer.name}
      </Button>
    </div>
  );
}

/** The call page of one room: preview, lobby, call and after leaving. */
export function VideoCall({ roomId, backHref, backLabel }: { roomId: string; backHref: string; backLabel: string }) {
  const c = useCall(roomId);
  const r = c.room.data;
  useOpenAt(r);

  if (c.room.isPending) return <Skeleton className="aspect-video w-full rounded-xl" />;
  if (c.room.isError || !r) {
    return <ErrorState title="This video room is not available" error={c.room.error} onRetry={() => void c.room.refetch()} />;
  }
  const kindLabel = r.kind === 'friends' ? 'Call' : 'Session';
  const local = c.media?.stream ?? null;
  const hasVideo = !!local && local.getVideoTracks().length > 0;
  const hasAudio = !!local && local.getAudioTracks().length > 0;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Link to={backHref} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
            <ArrowLeft className="size-4" aria-hidden /> {backLabel}
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">
            {kindLabel} with {r.peer.name}
          </h1>
          <p className="text-sm text-muted-foreground">
            {r.title} · {when(r.starts_at)} to {clock(r.closes_at)}
          </p>
        </div>
        <Badge variant={r.status === 'open' ? 'success' : r.status === 'cancelled' ? 'destructive' : 'soft'}>{r.status === 'open' ? 'Open' : r.status === 'upcoming' ? 'Opens soon' : r.status === 'closed' ? 'Ended' : 'Cancelled'}</Badge>
      </div>

      <StatusNote r={r} />
      <WaitingBanner r={r} onAdmit={() => void c.admit()} />
      {!!c.error && <FormAlert>{errorMessage(c.error)}</FormAlert>}

      {c.phase === 'call' ? (
        <InCall c={c} r={r} hasVideo={hasVideo} hasAudio={hasAudio} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="relative aspect-video overflow-hidden rounded-xl bg-neutral-900">
            {c.mediaLoading ? (
              <div className="flex size-full items-center justify-center text-white">
                <Spinner label="Starting your camera" />
              </div>
            ) : hasVideo ? (
              <VideoTile stream={local} muted mirrored label="Your camera preview" testId="local-video" />
            ) : (
              <div className="flex size-full items-center justify-center p-6 text-center text-sm text-white">Your camera is off. {r.peer.name} will hear you{hasAudio ? '' : ' once a microphone works'}.</div>
            )}
            <div className="absolute bottom-3 left-3 flex gap-2">
              <MediaToggles c={c} hasVideo={hasVideo} hasAudio={hasAudio} />
            </div>
          </div>
          <div className="grid content-start gap-4">
            {c.media?.problem && (
              <div className="grid gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4" role="alert">
                <p className="font-medium">{c.media.problem === 'both' ? 'No camera or microphone' : c.media.problem === 'camera' ? 'No camera' : 'No microphone'}</p>
                <p className="text-sm">{mediaAdvice(c.media)}</p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => void c.openMedia()}>
                    <RefreshCw aria-hidden /> Try again
                  </Button>
                </div>
                <p className="text-sm text-muted-foreground">{c.media.problem === 'camera' ? 'You can join with audio only.' : c.media.problem === 'microphone' ? 'You can join with video only and use the chat.' : 'You can still join to see and hear the other person.'}</p>
              </div>
            )}
            {c.phase === 'lobby' ? (
              <div className="grid gap-2 rounded-lg border p-4" role="status" aria-live="polite">
                <p className="flex items-center gap-2 font-medium">
                  <Spinner /> Waiting for {r.peer.name} to let you in
                </p>
                <p className="text-sm text-muted-foreground">You are in the lobby. {r.peer.name} has been told you are here.</p>
                <Button variant="outline" onClick={() => void c.leave()}>
                  Leave the lobby
                </Button>
              </div>
            ) : (
              <div className="grid gap-3 rounded-lg border p-4">
                <p className="font-medium">{c.phase === 'left' ? 'You left the session.' : 'Ready to join?'}</p>
                <p className="text-sm text-muted-foreground">
                  {r.role === 'host'
                    ? r.lobby.guest_in
                      ? r.lobby.guest_admitted
                        ? `${r.peer.name} is in the room.`
                        : 'Admit them above, or join first and admit them from the call.'
                      : `${r.peer.name} has not arrived yet. You can admit them from here when they do.`
                    : r.kind === 'friends' || r.lobby.guest_admitted
                      ? `${r.peer.name} ${r.lobby.host_in ? 'is in the room' : 'has not joined yet'}.`
                      : `You will wait in the lobby until ${r.peer.name} lets you in.`}
                </p>
                <Button onClick={() => void c.join()} disabled={r.status !== 'open' || c.mediaLoading}>
                  <Video aria-hidden /> {c.phase === 'left' ? 'Rejoin' : 'Join now'}
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

type CallState = ReturnType<typeof useCall>;

function MediaToggles({ c, hasVideo, hasAudio }: { c: CallState; hasVideo: boolean; hasAudio: boolean }) {
  return (
    <>
      <Button size="icon" variant={c.mic ? 'secondary' : 'destructive'} onClick={c.toggleMic} disabled={!hasAudio} aria-pressed={!c.mic} aria-label={c.mic ? 'Mute microphone' : 'Unmute microphone'} title={c.mic ? 'Mute microphone' : 'Unmute microphone'}>
        {c.mic ? <Mic aria-hidden /> : <MicOff aria-hidden />}
      </Button>
      <Button size="icon" variant={c.cam ? 'secondary' : 'destructive'} onClick={c.toggleCam} disabled={!hasVideo} aria-pressed={!c.cam} aria-label={c.cam ? 'Turn camera off' : 'Turn camera on'} title={c.cam ? 'Turn camera off' : 'Turn camera on'}>
        {c.cam ? <Video aria-hidden /> : <VideoOff aria-hidden />}
      </Button>
    </>
  );
}

function InCall({ c, r, hasVideo, hasAudio }: { c: CallState; r: VideoRoom; hasVideo: boolean; hasAudio: boolean }) {
  const e = c.engine;
  const remote = e?.remote ?? null;
  const remoteVideo = !!remote && remote.getVideoTracks().length > 0;
  const peerHere = peerInCall(r);
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  return (
    <div className="grid gap-3">
      <div className="relative aspect-video overflow-hidden rounded-xl bg-neutral-900" aria-label="Video call">
        <VideoTile stream={remote} label={`${r.peer.name}'s video`} testId="remote-video" className={cn(!remoteVideo && 'invisible')} />
        {(!peerHere || !remoteVideo) && (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-white" role="status" aria-live="polite">
            {!peerHere
              ? r.role === 'host' && r.lobby.guest_in
                ? `${r.peer.name} is waiting in the lobby. Admit them above.`
                : `Waiting for ${r.peer.name} to join…`
              : 'Connecting…'}
          </div>
        )}
        <div className="absolute right-3 top-3">{e && <QualityIndicator quality={e.quality} state={e.state} />}</div>
        <div className="absolute bottom-3 right-3 aspect-video w-28 overflow-hidden rounded-lg border-2 border-white/70 shadow-lg sm:w-44">
          {hasVideo && c.cam ? (
            <VideoTile stream={c.media?.stream ?? null} muted mirrored={!c.sharing} label="Your video" testId="local-video" />
          ) : (
            <div className="flex size-full items-center justify-center bg-neutral-800 text-xs text-white">Camera off</div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Call controls">
        <MediaToggles c={c} hasVideo={hasVideo} hasAudio={hasAudio} />
        {canShare && (
          <Button variant={c.sharing ? 'default' : 'secondary'} onClick={() => void c.toggleShare()} disabled={!e} aria-pressed={c.sharing}>
            {c.sharing ? <MonitorX aria-hidden /> : <MonitorUp aria-hidden />} {c.sharing ? 'Stop sharing' : 'Share screen'}
          </Button>
        )}
        <Button variant="destructive" onClick={() => void c.leave()}>
          <PhoneOff aria-hidden /> Leave
        </Button>
      </div>
    </div>
  );
}
