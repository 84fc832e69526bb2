import { errorMessage } from '@sojourn/api-client';
import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { Badge, Button, Card, CardContent, EmptyState, ErrorState, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { videoApi, videoKeys, videoRoomHref, VIDEO_LOBBY, VIDEO_ROOM, type ProviderKind, type VideoRoom } from '../api';
import { clock, when } from './format';

function lobbyBadge(r: VideoRoom) {
  if (r.role === 'host') {
    if (r.lobby.guest_in && !r.lobby.guest_admitted) return <Badge variant="warning">Waiting in the lobby</Badge>;
    if (r.lobby.guest_in) return <Badge variant="success">{r.peer.name} is in the room</Badge>;
    return null;
  }
  if (r.lobby.host_in) return <Badge variant="success">{r.peer.name} is in the room</Badge>;
  return null;
}

function RoomRow({ r, base }: { r: VideoRoom; base: string }) {
  const qc = useQueryClient();
  const admit = useMutation({
    mutationFn: () => videoApi.admit(r.id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: videoKeys.all }),
    onError: (e) => toast.error(errorMessage(e)),
  });
  const waiting = r.role === 'host' && r.lobby.guest_in && !r.lobby.guest_admitted && r.status === 'open';
  return (
    <li className="flex flex-col gap-3 border-b py-4 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="font-medium">
          {r.kind === 'friends' ? `Call with ${r.peer.name}` : `${r.title} with ${r.peer.name}`}
        </p>
        <p className="text-sm text-muted-foreground">
          {r.kind === 'friends' ? `Open until ${clock(r.closes_at)}` : `${when(r.starts_at)} to ${clock(r.closes_at)}`}
          {r.status === 'upcoming' && ` · opens at ${clock(r.opens_at)}`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Badge variant={r.status === 'open' ? 'success' : 'soft'}>{r.status === 'open' ? 'Open now' : 'Upcoming'}</Badge>
          {lobbyBadge(r)}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {waiting && (
          <Button size="sm" onClick={() => admit.mutate()} loading={admit.isPending}>
            <UserCheck aria-hidden /> Admit {r.peer.name}
          </Button>
        )}
        <Button size="sm" variant={r.status === 'open' ? 'default' : 'outline'} asChild>
          <Link to={videoRoomHref(base, r.id)} aria-label={`${r.status === 'open' ? 'Join' : 'Open'} the room with ${r.peer.name}`}>
            <Video aria-hidden /> {r.status === 'open' ? 'Join' : 'Open room'}
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** The caller's rooms (a provider's practice's with kind), kept fresh by the lobby and call events. */
export function RoomList({ base, kind }: { base: string; kind?: ProviderKind }) {
  const qc = useQueryClient();
  const rooms = useQuery({ queryKey: videoKeys.rooms(kind), queryFn: () => videoApi.rooms(kind), refetchInterval: 60_000 });
  const refresh = () => void qc.invalidateQueries({ queryKey: videoKeys.rooms(kind) });
  useRealtimeEvent(VIDEO_LOBBY, refresh);
  useRealtimeEvent(VIDEO_ROOM, refresh);
  useOnResume(refresh);
  if (rooms.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  if (rooms.data.length === 0) {
    return (
      <EmptyState
        icon={<Video className="size-6" />}
        title="No video sessions coming up"
        description={kind ? 'Confirmed video sessions of the next two weeks appear here. Their rooms open 10 minutes before the start.' : 'Your booked video sessions of the next two weeks appear here. Their rooms open 10 minutes before the start.'}
      />
    );
  }
  return (
    <Card>
      <CardContent className="pt-2">
        <ul aria-label="Video rooms">
          {rooms.data.map((r) => (
            <RoomRow key={r.id} r={r} base={base} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
