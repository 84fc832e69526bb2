import { apiUrl, request } from '@sojourn/api-client';

/** Where the socket is: first connect, open, re-connecting after a drop, or not connected at all (signed out, no network). */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

/** One frame in either direction (api/contract/realtime.yaml). */
export interface Frame {
  type: string;
  data?: unknown;
}

type Handler = (data: unknown) => void;

/** A minimal WebSocket: the browser's, or a fake in tests. */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  /** A fresh single-use ticket for each connect (POST /api/v1/realtime/tickets with the bearer token). */
  fetchTicket: () => Promise<string>;
  /** The socket URL for a ticket (ws/wss on the portal's own origin). */
  socketUrl: (ticket: string) => string;
  /** Opens a socket. */
  createSocket: (url: string) => SocketLike;
  /** First retry delay; doubles per failed attempt up to maxDelayMs, with full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The client sends {type:"ping"} this often; a socket that brought nothing for deadAfterMs is closed and replaced. */
  pingIntervalMs: number;
  deadAfterMs: number;
  random: () => number;
}

const OPEN = 1;

export function defaultSocketUrl(ticket: string): string {
  const http = apiUrl('/api/v1/realtime');
  return `${http.replace(/^http/, 'ws')}?ticket=${encodeURIComponent(ticket)}`;
}

export async function fetchTicket(): Promise<string> {
  const body = await request<{ data: { ticket: string } }>('POST', '/api/v1/realtime/tickets');
  return body.data.ticket;
}

export const DEFAULT_OPTIONS: RealtimeOptions = {
  fetchTicket,
  socketUrl: defaultSocketUrl,
  createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  pingIntervalMs: 25_000,
  deadAfterMs: 60_000,
  random: Math.random,
};

/** Delay before retry number `attempt` (0-based): full jitter over an exponential ceiling. */
export function backoffDelay(attempt: number, o: Pick<RealtimeOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const ceiling = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(attempt, 30));
  // Never below half the ceiling, so a burst of tabs does not hammer the server right after an outage.
  return Math.round(ceiling / 2 + o.random() * (ceiling / 2));
}

/**
 * One realtime connection: fetches a ticket, opens the socket, keeps it alive with pings, reconnects with exponential
 * backoff and jitter, dispatches incoming frames by type and calls the resume callbacks after every reconnect (so
 * features refetch by cursor what they missed while the socket was down).
 */
export class RealtimeClient {
  private readonly o: RealtimeOptions;
  private socket: SocketLike | null = null;
  private running = false;
  private everOpened = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private generation = 0;
  private statusValue: RealtimeStatus = 'offline';
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<() => void>();
  private readonly resumeListeners = new Set<() => void>();

  constructor(options: Partial<RealtimeOptions> = {}) {
    this.o = { ...DEFAULT_OPTIONS, ...options };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** Connect (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    void this.connect();
  }

  /** Disconnect for good (sign-out, provider unmounted). */
  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.close(1000, 'bye');
    }
    this.everOpened = false;
    this.setStatus('offline');
  }

  /** The network came back: retry now instead of waiting out the backoff. */
  retryNow(): void {
    if (!this.running || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    void this.connect();
  }

  /** The network went away: say so; the socket's close (or the dead-socket check) brings the retry. */
  wentOffline(): void {
    if (this.running) this.setStatus('offline');
  }

  /** Send a frame; false when the socket is not open (the caller decides whether it matters). */
  send(type: string, data: unknown): boolean {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return false;
    try {
      s.send(JSON.stringify({ type, data }));
      return true;
    } catch {
      return false;
    }
  }

  on(type: string, h: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(h);
    return () => {
      set.delete(h);
      if (set.size === 0) this.handlers.delete(type);
    };
  }

  onStatus(cb: () => void): () => void {
    this.statusListeners.add(cb);
    return () => this.statusListeners.delete(cb);
  }

  onResume(cb: () => void): () => void {
    this.resumeListeners.add(cb);
    return () => this.resumeListeners.delete(cb);
  }

  private setStatus(s: RealtimeStatus): void {
    if (this.statusValue === s) return;
    this.statusValue = s;
    for (const cb of [...this.statusListeners]) cb();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private scheduleRetry(): void {
    if (!this.running) return;
    this.clearTimers();
    const delay = backoffDelay(this.attempt, this.o);
    this.attempt++;
    if (this.statusValue !== 'offline') this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    let ticket: string;
    try {
      ticket = await this.o.fetchTicket();
    } catch {
      if (gen === this.generation) this.scheduleRetry();
      return;
    }
    if (gen !== this.generation || !this.running) return;
    let socket: SocketLike;
    try {
      socket = this.o.createSocket(this.o.socketUrl(ticket));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (gen !== this.generation) return;
      const resumed = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.setStatus('open');
      this.pingTimer = setInterval(() => this.heartbeat(), this.o.pingIntervalMs);
      if (resumed) for (const cb of [...this.resumeListeners]) cb();
    };
    socket.onmessage = (ev) => {
      if (gen !== this.generation) return;
      this.lastHeard = Date.now();
      this.dispatch(ev.data);
    };
    socket.onerror = () => {
      // A close follows every error; the retry is scheduled there.
    };
    socket.onclose = () => {
      if (gen !== this.generation) return;
      this.socket = null;
      this.scheduleRetry();
    };
  }

  private heartbeat(): void {
    const s = this.socket;
    if (!s) return;
    if (Date.now() - this.lastHeard > this.o.deadAfterMs) {
      // Nothing heard (not even our pings' pongs): the connection is dead without having closed. Replace it.
      s.onclose = null;
      s.onmessage = null;
      s.close(4000, 'dead');
      this.socket = null;
      this.generation++;
      this.scheduleRetry();
      return;
    }
    this.send('ping', null);
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: Frame;
    try {
      frame = JSON.parse(raw) as Frame;
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    if (frame.type === 'ping') {
      this.send('pong', null);
      return;
    }
    const set = this.handlers.get(frame.type);
    if (!set) return;
    for (const h of [...set]) {
      try {
        h(frame.data);
      } catch (e) {
        console.error(`realtime handler for ${frame.type} failed`, e);
      }
    }
  }
}
