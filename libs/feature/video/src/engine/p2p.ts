import { sendFrame } from '@sojourn/realtime';
import { VIDEO_SIGNAL } from '../api';
import { qualityBetween, sampleStats, type StatsSample } from './quality';
import { Emitter, type CallEngine, type Quality } from './types';

/** A video.signal frame (api/internal/video/signal.go). */
export interface SignalData {
  room_id: string;
  kind: 'ready' | 'offer' | 'answer' | 'candidate';
  call?: string;
  sdp?: string;
  candidate?: RTCIceCandidateInit;
  from?: string;
}

export function asSignal(data: unknown): SignalData | null {
  if (!data || typeof data !== 'object') return null;
  const s = data as Partial<SignalData>;
  return typeof s.room_id === 'string' && typeof s.kind === 'string' ? (s as SignalData) : null;
}

type Send = (type: string, data: unknown) => boolean;

const newCall = () => Math.random().toString(36).slice(2, 12);

/**
 * Peer-to-peer WebRTC between the two participants, signalled over Sojourn's realtime channel. The host offers and
 * the guest answers: a side that (re)starts sends "ready"; the host answers ready with a fresh offer (a new
 * connection, named by `call`), the guest answers ready with ready (so a host that reloaded renegotiates). Answers and
 * candidates echo the offer's call, and frames of an older call are dropped. Each side always has an audio and a
 * video transceiver, so screen sharing and a camera switched on later need no renegotiation.
 */
export class PeerEngine implements CallEngine {
  remote = new MediaStream();
  state: CallEngine['state'] = 'connecting';
  quality: Quality = null;
  private pc: RTCPeerConnection | null = null;
  private call = '';
  private pending: RTCIceCandidateInit[] = [];
  private readonly events = new Emitter();
  private chain: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;
  private prev: StatsSample | null = null;
  private screen: MediaStreamTrack | null = null;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly roomId: string,
    private readonly host: boolean,
    private readonly local: MediaStream,
    private readonly send: Send = sendFrame,
    private readonly iceServers: RTCIceServer[] = [],
  ) {
    this.timer = setInterval(() => void this.poll(), 2000);
    this.signal({ kind: 'ready' });
  }

  onChange(cb: () => void): () => void {
    return this.events.on(cb);
  }

  /** Handles a relayed video.signal frame (in order, one at a time). */
  receive(s: SignalData): void {
    if (s.room_id !== this.roomId || this.closed) return;
    this.chain = this.chain.then(() => this.handle(s)).catch(() => this.setState('failed'));
  }

  peerChanged(peerInCall: boolean): void {
    if (!peerInCall) {
      this.reset();
      this.setState('connecting');
    } else if (!this.pc) {
      this.signal({ kind: 'ready' });
    }
  }

  setMicrophone(on: boolean): void {
    this.local.getAudioTracks().forEach((t) => (t.enabled = on));
  }

  setCamera(on: boolean): void {
    this.local.getVideoTracks().forEach((t) => (t.enabled = on));
  }

  async shareScreen(screen: MediaStreamTrack, onEnded: () => void): Promise<void> {
    this.screen = screen;
    screen.addEventListener('ended', () => {
      if (this.screen === screen) void this.stopScreen().then(onEnded);
    });
    await this.videoSender()?.replaceTrack(screen);
  }

  async stopScreen(): Promise<void> {
    const s = this.screen;
    this.screen = null;
    s?.stop();
    await this.videoSender()?.replaceTrack(this.local.getVideoTracks()[0] ?? null);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.screen?.stop();
    this.reset();
  }

  private signal(s: Omit<SignalData, 'room_id'>): void {
    this.send(VIDEO_SIGNAL, { room_id: this.roomId, ...s });
  }

  private setState(s: CallEngine['state']): void {
    if (this.state !== s) {
      this.state = s;
      this.events.emit();
    }
  }

  private reset(): void {
    if (this.pc) {
      this.pc.onicecandidate = null;
      this.pc.ontrack = null;
      this.pc.onconnectionstatechange = null;
      this.pc.close();
    }
    this.pc = null;
    this.call = '';
    this.pending = [];
    this.prev = null;
    this.quality = null;
    this.remote = new MediaStream();
    this.events.emit();
  }

  private videoSender(): RTCRtpSender | undefined {
    return this.pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
  }

  private outgoing(kind: string): MediaStreamTrack | null {
    if (kind === 'video') return this.screen ?? this.local.getVideoTracks()[0] ?? null;
    return this.local.getAudioTracks()[0] ?? null;
  }

  private open(call: string): RTCPeerConnection {
    this.reset();
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    this.call = call;
    pc.onicecandidate = (e) => {
      if (e.candidate && this.pc === pc) this.signal({ kind: 'candidate', call, candidate: e.candidate.toJSON() });
    };
    pc.ontrack = (e) => {
      if (this.pc !== pc) return;
      this.remote.addTrack(e.track);
      e.track.addEventListener('unmute', () => this.events.emit());
      this.events.emit();
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      const s = pc.connectionState;
      if (s === 'connected') this.setState('connected');
      else if (s === 'disconnected') this.setState('reconnecting');
      else if (s === 'failed') {
        this.setState('failed');
        // The host tries a fresh connection once the network settles; the guest waits for its offer.
        if (this.host && !this.retry) {
          this.retry = setTimeout(() => {
            this.retry = null;
            if (!this.closed && this.pc === pc) void this.offer();
          }, 2000);
        }
      }
    };
    return pc;
  }

  private async offer(): Promise<void> {
    const pc = this.open(newCall());
    const call = this.call;
    for (const kind of ['audio', 'video'] as const) {
      pc.addTransceiver(this.outgoing(kind) ?? kind, { direction: 'sendrecv', streams: [this.local] });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (this.pc === pc) this.signal({ kind: 'offer', call, sdp: offer.sdp ?? '' });
  }

  private async handle(s: SignalData): Promise<void> {
    switch (s.kind) {
      case 'ready':
        if (this.host) await this.offer();
        else {
          this.reset();
          this.signal({ kind: 'ready' });
        }
        return;
      case 'offer': {
        if (this.host || !s.sdp || !s.call) return;
        const pc = this.open(s.call);
        await pc.setRemoteDescription({ type: 'offer', sdp: s.sdp });
        for (const t of pc.getTransceivers()) {
          t.direction = 'sendrecv';
          await t.sender.replaceTrack(this.outgoing(t.receiver.track.kind));
          t.sender.setStreams?.(this.local);
        }
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        await this.flush(pc);
        if (this.pc === pc) this.signal({ kind: 'answer', call: s.call, sdp: answer.sdp ?? '' });
        return;
      }
      case 'answer': {
        const pc = this.pc;
        if (!this.host || !pc || s.call !== this.call || !s.sdp || pc.signalingState !== 'have-local-offer') return;
        await pc.setRemoteDescription({ type: 'answer', sdp: s.sdp });
        await this.flush(pc);
        return;
      }
      case 'candidate': {
        const pc = this.pc;
        if (!pc || s.call !== this.call || !s.candidate) return;
        if (!pc.remoteDescription) this.pending.push(s.candidate);
        else await pc.addIceCandidate(s.candidate).catch(() => undefined);
        return;
      }
    }
  }

  private async flush(pc: RTCPeerConnection): Promise<void> {
    const list = this.pending;
    this.pending = [];
    for (const c of list) await pc.addIceCandidate(c).catch(() => undefined);
  }

  private async poll(): Promise<void> {
    const pc = this.pc;
    if (!pc || pc.connectionState !== 'connected') return;
    const cur = sampleStats(await pc.getStats());
    if (this.pc !== pc) return;
    const q = qualityBetween(this.prev, cur);
    this.prev = cur;
    if (q !== this.quality) {
      this.quality = q;
      this.events.emit();
    }
  }
}
