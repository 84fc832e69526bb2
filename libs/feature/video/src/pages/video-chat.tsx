import { errorMessage } from '@sojourn/api-client';
import { useRealtimeEvent } from '@sojourn/realtime';
import { Button, FormAlert, PageHeader, Spinner } from '@sojourn/ui';
import { PhoneIncoming } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { asRoom, USER_VIDEO_PATH, videoApi, videoRoomHref, VIDEO_ROOM, type VideoRoom } from '../api';
import { VideoCall } from '../components/call';
import { RoomList } from '../components/room-list';

/** ?call=<friend's user id>: starts (or finds) the call with that friend, then opens its room. */
function StartCall({ friendId }: { friendId: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    videoApi.callFriend(friendId).then(
      (r) => void navigate(videoRoomHref(USER_VIDEO_PATH, r.id), { replace: true }),
      (e) => setError(e),
    );
  }, [friendId, navigate]);
  if (error) {
    return (
      <div className="grid gap-3">
        <FormAlert>{errorMessage(error)}</FormAlert>
        <Link to={USER_VIDEO_PATH} className="text-sm underline">
          Back to video sessions
        </Link>
      </div>
    );
  }
  return <Spinner label="Calling" />;
}

/** The user portal's /video-chat: the rooms list, or one room (?room=), or a call to a friend (?call=). */
export default function VideoChatPage() {
  const [params] = useSearchParams();
  const roomId = params.get('room');
  const friendId = params.get('call');
  const [ringing, setRinging] = useState<VideoRoom | null>(null);
  useRealtimeEvent(VIDEO_ROOM, (d) => {
    const r = asRoom(d);
    if (r && r.id !== roomId) setRinging(r);
  });
  if (roomId) return <VideoCall key={roomId} roomId={roomId} backHref={USER_VIDEO_PATH} backLabel="All video sessions" />;
  if (friendId) return <StartCall friendId={friendId} />;
  return (
    <div className="grid gap-6">
      <PageHeader title="Video sessions" description="Join your therapy and coaching sessions by video, and calls with friends. A session's room opens 10 minutes before it starts." />
      {ringing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3" role="alert">
          <p className="flex items-center gap-2 font-medium">
            <PhoneIncoming className="size-4" aria-hidden /> {ringing.peer.name} is calling you
          </p>
          <Button size="sm" asChild>
            <Link to={videoRoomHref(USER_VIDEO_PATH, ringing.id)}>Answer</Link>
          </Button>
        </div>
      )}
      <RoomList base={USER_VIDEO_PATH} />
    </div>
  );
}
