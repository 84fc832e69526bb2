/** Connection quality on Twilio's 0..5 scale (5 excellent, 0 broken); null while unknown. */
export type Quality = 0 | 1 | 2 | 3 | 4 | 5 | null;

/** What the call page needs from either engine (peer to peer or Twilio). */
export interface CallEngine {
  /** The other participant's media (tracks come and go; the object stays). */
  readonly remote: MediaStream;
  /** Called whenever the remote tracks, the connection state or the quality change. */
  onChange(cb: () => void): () => void;
  readonly state: 'connecting' | 'connected' | 'reconnecting' | 'failed';
  readonly quality: Quality;
  setMicrophone(on: boolean): void;
  setCamera(on: boolean): void;
  /** Sends the screen instead of the camera until stopped (or the browser's own "Stop sharing"). */
  shareScreen(screen: MediaStreamTrack, onEnded: () => void): Promise<void>;
  stopScreen(): Promise<void>;
  /** The peer left or came back: start over (p2p), nothing to do (Twilio). */
  peerChanged(peerInCall: boolean): void;
  close(): void;
}

/** A tiny listener set. */
export class Emitter {
  private readonly cbs = new Set<() => void>();
  on(cb: () => void): () => void {
    this.cbs.add(cb);
    return () => this.cbs.delete(cb);
  }
  emit(): void {
    for (const cb of [...this.cbs]) cb();
  }
}
