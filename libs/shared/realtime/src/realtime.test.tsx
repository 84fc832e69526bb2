import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, backoffDelay, type RealtimeOptions, type SocketLike } from './client';
import { RealtimeProvider, sendFrame, useOnResume, useRealtimeEvent, useRealtimeStatus } from './provider';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(type: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, data }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

function harness(overrides: Partial<RealtimeOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let n = 0;
  const fetchTicket = vi.fn(async () => `t${++n}`);
  const options: Partial<RealtimeOptions> = {
    fetchTicket,
    socketUrl: (t) => `ws://portal.test/api/v1/realtime?ticket=${t}`,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    baseDelayMs: 100,
    maxDelayMs: 1600,
    pingIntervalMs: 1000,
    deadAfterMs: 2500,
    random: () => 1,
    ...overrides,
  };
  return { sockets, fetchTicket, options };
}

const flush = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles up to the cap with jitter between half and all of the ceiling', () => {
    const o = { baseDelayMs: 100, maxDelayMs: 1600 };
    expect(backoffDelay(0, { ...o, random: () => 1 })).toBe(100);
    expect(backoffDelay(0, { ...o, random: () => 0 })).toBe(50);
    expect(backoffDelay(3, { ...o, random: () => 1 })).toBe(800);
    expect(backoffDelay(10, { ...o, random: () => 1 })).toBe(1600);
    expect(backoffDelay(10, { ...o, random: () => 0.5 })).toBe(1200);
  });
});

describe('RealtimeClient', () => {
  it('fetches a fresh ticket for every connect and backs off exponentially between failures', async () => {
    const h = harness();
    const c = new RealtimeClient(h.options);
    c.start();
    await flush();
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0]!.url).toContain('ticket=t1');
    expect(c.status).toBe('connecting');

    h.sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(h.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sockets).toHaveLength(2);
    expect(h.sockets[1]!.url).toContain('ticket=t2');

    h.sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(199);
    expect(h.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sockets).toHaveLength(3);
    expect(h.fetchTicket).toHaveBeenCalledTimes(3);

    // Opening resets the backoff.
    h.sockets[2]!.open();
    expect(c.status).toBe('open');
    h.sockets[2]!.drop();
    expect(c.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sockets).toHaveLength(4);
    c.stop();
  });

  it('retries when the ticket call fails', async () => {
    let fail = true;
    const h = harness({
      fetchTicket: vi.fn(async () => {
        if (fail) throw new Error('network');
        return 'ok';
      }),
    });
    const c = new RealtimeClient(h.options);
    c.start();
    await flush();
    expect(h.sockets).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sockets).toHaveLength(1);
    c.stop();
  });

  it('dispatches frames by type, answers server pings and sends its own', async () => {
    const h = harness();
    const c = new RealtimeClient(h.options);
    const got: unknown[] = [];
    const other: unknown[] = [];
    c.on('message.new', (d) => got.push(d));
    c.on('notification.new', (d) => other.push(d));
    c.start();
    await flush();
    const s = h.sockets[0]!;
    s.open();
    s.push('message.new', { id: 'm1' });
    s.push('unknown.type', { id: 'x' });
    s.onmessage?.({ data: 'not json' });
    expect(got).toEqual([{ id: 'm1' }]);
    expect(other).toEqual([]);
    s.push('ping', null);
    expect(s.sent).toContain(JSON.stringify({ type: 'pong', data: null }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.sent).toContain(JSON.stringify({ type: 'ping', data: null }));
    expect(c.send('typing', { conversation_id: 'c1' })).toBe(true);
    expect(JSON.parse(s.sent.at(-1)!)).toEqual({ type: 'typing', data: { conversation_id: 'c1' } });
    c.stop();
    expect(c.send('typing', {})).toBe(false);
  });

  it('replaces a socket that went silent', async () => {
    const h = harness();
    const c = new RealtimeClient(h.options);
    c.start();
    await flush();
    h.sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.sockets[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sockets).toHaveLength(2);
    c.stop();
  });

  it('calls resume callbacks after every reconnect, not the first connect', async () => {
    const h = harness();
    const c = new RealtimeClient(h.options);
    const resume = vi.fn();
    c.onResume(resume);
    c.start();
    await flush();
    h.sockets[0]!.open();
    expect(resume).not.toHaveBeenCalled();
    h.sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(100);
    h.sockets[1]!.open();
    expect(resume).toHaveBeenCalledTimes(1);
    h.sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(100);
    h.sockets[2]!.open();
    expect(resume).toHaveBeenCalledTimes(2);
    c.stop();
  });

  it('stops for good', async () => {
    const h = harness();
    const c = new RealtimeClient(h.options);
    c.start();
    await flush();
    h.sockets[0]!.open();
    c.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(c.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sockets).toHaveLength(1);
  });
});

function Probe({ onResume }: { onResume: () => void }) {
  const status = useRealtimeStatus();
  const [last, setLast] = useState('');
  useRealtimeEvent('message.new', (d) => setLast(JSON.stringify(d)));
  useOnResume(onResume);
  return (
    <>
      <p>status:{status}</p>
      <p>last:{last}</p>
    </>
  );
}

describe('RealtimeProvider and hooks', () => {
  it('connects while enabled, feeds the hooks and disconnects when disabled', async () => {
    const h = harness();
    const resume = vi.fn();
    const { rerender } = render(
      <RealtimeProvider enabled options={h.options}>
        <Probe onResume={resume} />
      </RealtimeProvider>,
    );
    await flush();
    expect(screen.getByText('status:connecting')).toBeInTheDocument();
    act(() => h.sockets[0]!.open());
    expect(screen.getByText('status:open')).toBeInTheDocument();
    act(() => h.sockets[0]!.push('message.new', { id: 'm9' }));
    expect(screen.getByText('last:{"id":"m9"}')).toBeInTheDocument();
    expect(sendFrame('typing', { c: 1 })).toBe(true);

    act(() => h.sockets[0]!.drop());
    expect(screen.getByText('status:reconnecting')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    act(() => h.sockets[1]!.open());
    expect(resume).toHaveBeenCalledTimes(1);

    rerender(
      <RealtimeProvider enabled={false} options={h.options}>
        <Probe onResume={resume} />
      </RealtimeProvider>,
    );
    expect(screen.getByText('status:offline')).toBeInTheDocument();
    expect(h.sockets[1]!.closed).toBe(true);
    expect(sendFrame('typing', {})).toBe(false);
  });
});
