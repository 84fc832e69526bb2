import { PageHeader } from '@sojourn/ui';
import { useSearchParams } from 'react-router';
import type { ProviderKind } from '../api';
import { VideoCall } from '../components/call';
import { RoomList } from '../components/room-list';

/** A provider portal's video page: upcoming rooms with their lobby, or one room (?room=). */
export function providerVideoPage(kind: ProviderKind, path: string) {
  return function ProviderVideoPage() {
    const [params] = useSearchParams();
    const roomId = params.get('room');
    if (roomId) return <VideoCall key={roomId} roomId={roomId} backHref={path} backLabel="All video sessions" />;
    return (
      <div className="grid gap-6">
        <PageHeader title="Video sessions" description="Your confirmed video sessions of the next two weeks. Rooms open 10 minutes before the start; clients wait in the lobby until you admit them." />
        <RoomList base={path} kind={kind} />
      </div>
    );
  };
}

