import type { RemoteParticipant } from 'twilio-video';
import type { CallEngine, Quality } from './types';
import { Emitter } from './types';

/**
 * Twilio Video: connects to the room with the access token the server minted, publishes the camera and microphone
 * the page already has, subscribes to the other participant with adaptive streaming (bandwidth profile with
 * automatic track switch-off and content preferences) and reports Twilio's network quality level. twilio-video is
 * loaded here on demand, never in the portal's first load.
 */
export async function connectTwilio(token: string, roomName: string, local: MediaStream): Promise<CallEngine> {
  const Video = await import('twilio-video');
  const room = await Video.connect(token, {
    name: roomName,
    tracks: local.getTracks(),
    bandwidthProfile: { video: { mode: 'collaboration', clientTrackSwitchOffControl: 'auto', contentPreferencesMode: 'auto' } },
    preferredVideoCodecs: 'auto',
    networkQuality: { local: 1, remote: 1 },
    dominantSpeaker: false,
  });
  const events = new Emitter();
  let screenPub: MediaStreamTrack | null = null;
  const engine: CallEngine & { remote: MediaStream; state: CallEngine['state']; quality: Quality } = {
    remote: new MediaStream(),
    state: 'connected',
    quality: (room.localParticipant.networkQualityLevel ?? null) as Quality,
    onChange: (cb) => events.on(cb),
    setMicrophone(on) {
      room.localParticipant.audioTracks.forEach((p) => {
        if (on) p.track.enable();
        else p.track.disable();
      });
    },
    setCamera(on) {
      room.localParticipant.videoTracks.forEach((p) => {
        if (p.track.mediaStreamTrack === screenPub) return;
        if (on) p.track.enable();
        else p.track.disable();
      });
    },
    async shareScreen(screen, onEnded) {
      const cam = local.getVideoTracks()[0];
      if (cam) room.localParticipant.unpublishTrack(cam);
      screenPub = screen;
      await room.localParticipant.publishTrack(screen, { name: 'screen' });
      screen.addEventListener('ended', () => {
        if (screenPub === screen) void engine.stopScreen().then(onEnded);
      });
    },
    async stopScreen() {
      const s = screenPub;
      screenPub = null;
      if (s) {
        room.localParticipant.unpublishTrack(s);
        s.stop();
      }
      const cam = local.getVideoTracks()[0];
      if (cam) await room.localParticipant.publishTrack(cam);
    },
    peerChanged() {},
    close() {
      screenPub?.stop();
      room.disconnect();
    },
  };
  const add = (t: { mediaStreamTrack?: MediaStreamTrack }) => {
    if (t.mediaStreamTrack && !engine.remote.getTracks().includes(t.mediaStreamTrack)) engine.remote.addTrack(t.mediaStreamTrack);
    events.emit();
  };
  const remove = (t: { mediaStreamTrack?: MediaStreamTrack }) => {
    if (t.mediaStreamTrack) engine.remote.removeTrack(t.mediaStreamTrack);
    events.emit();
  };
  const watch = (p: RemoteParticipant) => {
    p.tracks.forEach((pub) => {
      if (pub.track && 'mediaStreamTrack' in pub.track) add(pub.track);
    });
    p.on('trackSubscribed', (t) => 'mediaStreamTrack' in t && add(t));
    p.on('trackUnsubscribed', (t) => 'mediaStreamTrack' in t && remove(t));
  };
  room.participants.forEach(watch);
  room.on('participantConnected', watch);
  room.on('participantDisconnected', () => {
    engine.remote = new MediaStream();
    events.emit();
  });
  room.localParticipant.on('networkQualityLevelChanged', (level: number) => {
    engine.quality = Math.max(0, Math.min(5, level)) as Quality;
    events.emit();
  });
  room.on('reconnecting', () => {
    engine.state = 'reconnecting';
    events.emit();
  });
  room.on('reconnected', () => {
    engine.state = 'connected';
    events.emit();
  });
  room.on('disconnected', () => {
    engine.state = 'failed';
    events.emit();
  });
  return engine;
}
