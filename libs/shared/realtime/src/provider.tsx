import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RealtimeClient, type RealtimeOptions, type RealtimeStatus } from './client';

// The tab's one connection. Hooks work anywhere (outside a provider they simply never fire); the provider decides
// whether the tab is connected.
let active: RealtimeClient | null = null;
const activeListeners = new Set<() => void>();

function setActive(c: RealtimeClient | null): void {
  active = c;
  for (const cb of [...activeListeners]) cb();
}

function subscribeActive(cb: () => void): () => void {
  activeListeners.add(cb);
  return () => activeListeners.delete(cb);
}

const ClientContext = createContext<RealtimeClient | null>(null);

function useClient(): RealtimeClient | null {
  const fromContext = useContext(ClientContext);
  const global = useSyncExternalStore(subscribeActive, () => active, () => null);
  return fromContext ?? global;
}

export interface RealtimeProviderProps {
  /** Connect only while true (signed in). */
  enabled: boolean;
  /** Reconnects from scratch when it changes (another account signed in). */
  identity?: string | null;
  /** Overrides for tests. */
  options?: Partial<RealtimeOptions>;
  children?: ReactNode;
}

/**
 * Holds the tab's realtime connection while `enabled` (mounted by the shell around every portal, enabled while signed
 * in). Listens to the browser's online/offline events to retry at once when the network returns.
 */
export function RealtimeProvider({ enabled, identity = null, options, children }: RealtimeProviderProps) {
  const optionsRef = useRef(options);
  const [client] = useState(() => new RealtimeClient(optionsRef.current));
  useEffect(() => {
    setActive(client);
    return () => {
      if (active === client) setActive(null);
    };
  }, [client]);
  useEffect(() => {
    if (!enabled) return;
    client.start();
    const online = () => client.retryNow();
    const offline = () => client.wentOffline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      client.stop();
    };
  }, [client, enabled, identity]);
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** Calls handler with the data of every frame of this type the server pushes (`message.new`, `notification.new`, ...). */
export function useRealtimeEvent(type: string, handler: (data: unknown) => void): void {
  const client = useClient();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.on(type, (data) => ref.current(data));
  }, [client, type]);
}

const noop = () => () => {};

/** The connection's status, for an indicator ("reconnecting…"). */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useClient();
  return useSyncExternalStore(
    client ? (cb) => client.onStatus(cb) : noop,
    () => client?.status ?? 'offline',
    () => 'offline',
  );
}

/** Called after every reconnect (not the first connect): refetch by cursor what you show, so nothing is missed. */
export function useOnResume(cb: () => void): void {
  const client = useClient();
  const ref = useRef(cb);
  useEffect(() => {
    ref.current = cb;
  });
  useEffect(() => {
    if (!client) return;
    return client.onResume(() => ref.current());
  }, [client]);
}

/** Sends a frame over the tab's socket (`typing`, `video.signal`, ...). False when not connected. */
export function sendFrame(type: string, data: unknown): boolean {
  return active ? active.send(type, data) : false;
}
