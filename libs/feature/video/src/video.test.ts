import { describe, expect, it } from 'vitest';
import { asRoom, peerInCall, selfInCall, type VideoRoom } from './api';
import { mediaAdvice } from './engine/media';
import { asSignal } from './engine/p2p';
import { qualityBetween, qualityLabel, sampleStats } from './engine/quality';

const room = (role: 'host' | 'guest', lobby: Partial<VideoRoom['lobby']>): VideoRoom => ({
  id: 'r1',
  kind: 'appointment',
  booking_id: 'r1',
  title: 'Individual session',
  starts_at: '2026-03-02T10:00:00Z',
  opens_at: '2026-03-02T09:50:00Z',
  closes_at: '2026-03-02T10:50:00Z',
  status: 'open',
  role,
  peer: { id: 'p', name: 'Peer', avatar_url: '' },
  lobby: { host_in: false, guest_in: false, guest_admitted: false, ...lobby },
  mode: 'p2p',
});

describe('lobby state', () => {
  it('keeps the waiting client out of the call until admitted', () => {
    const waiting = { host_in: true, guest_in: true, guest_admitted: false };
    expect(selfInCall(room('guest', waiting))).toBe(false);
    expect(peerInCall(room('host', waiting))).toBe(false);
    expect(selfInCall(room('host', waiting))).toBe(true);
    const admitted = { ...waiting, guest_admitted: true };
    expect(selfInCall(room('guest', admitted))).toBe(true);
    expect(peerInCall(room('host', admitted))).toBe(true);
    expect(peerInCall(room('guest', admitted))).toBe(true);
  });

  it('an admitted client who left is not in the call', () => {
    const r = room('host', { host_in: true, guest_in: false, guest_admitted: true });
    expect(peerInCall(r)).toBe(false);
  });

  it('checks pushed shapes', () => {
    expect(asRoom(room('host', {}))?.id).toBe('r1');
    expect(asRoom({ id: 'x' })).toBeNull();
    expect(asRoom(null)).toBeNull();
    expect(asSignal({ room_id: 'r', kind: 'offer', sdp: 'v=0' })?.kind).toBe('offer');
    expect(asSignal({ kind: 'offer' })).toBeNull();
  });
});

function report(entries: Record<string, unknown>[]): RTCStatsReport {
  const m = new Map(entries.map((e, i) => [String(i), e]));
  return m as unknown as RTCStatsReport;
}

describe('connection quality', () => {
  it('reads the selected pair and inbound packets', () => {
    const s = sampleStats(
      report([
        { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.05 },
        { type: 'candidate-pair', nominated: false, state: 'failed', currentRoundTripTime: 3 },
        { type: 'inbound-rtp', kind: 'video', packetsReceived: 900, packetsLost: 10 },
        { type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: 0 },
      ]),
    );
    expect(s).toEqual({ rtt: 0.05, packetsReceived: 1000, packetsLost: 10 });
  });

  it('grades loss and round trip between two samples', () => {
    const base = { rtt: 0.05, packetsReceived: 1000, packetsLost: 0 };
    expect(qualityBetween(null, base)).toBeNull();
    expect(qualityBetween(base, { rtt: 0.05, packetsReceived: 2000, packetsLost: 0 })).toBe(5);
    expect(qualityBetween(base, { rtt: 0.2, packetsReceived: 2000, packetsLost: 0 })).toBe(4);
    expect(qualityBetween(base, { rtt: 0.05, packetsReceived: 2000, packetsLost: 50 })).toBe(3);
    expect(qualityBetween(base, { rtt: 0.05, packetsReceived: 2000, packetsLost: 100 })).toBe(2);
    expect(qualityBetween(base, { rtt: 1.5, packetsReceived: 2000, packetsLost: 0 })).toBe(1);
    expect(qualityBetween(base, { rtt: 0.05, packetsReceived: 1000, packetsLost: 0 })).toBe(0);
    expect(qualityLabel(5)).toBe('Excellent connection');
    expect(qualityLabel(0)).toBe('No media arriving');
  });
});

describe('device advice', () => {
  it('tells a refused camera from a missing one', () => {
    expect(mediaAdvice({ problem: 'camera', reason: 'NotAllowedError' })).toMatch(/blocked the camera/);
    expect(mediaAdvice({ problem: 'microphone', reason: 'NotFoundError' })).toMatch(/No microphone was found/);
    expect(mediaAdvice({ problem: 'both', reason: 'NotReadableError' })).toMatch(/Another app is using the camera and microphone/);
  });
});
