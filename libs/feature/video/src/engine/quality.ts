import type { Quality } from './types';

/** One reading of a peer connection's stats (the selected candidate pair and the inbound media). */
export interface StatsSample {
  /** Round-trip time in seconds of the selected candidate pair (undefined when unknown). */
  rtt?: number | undefined;
  packetsReceived: number;
  packetsLost: number;
}

/** Reads what quality needs from RTCPeerConnection.getStats(). */
export function sampleStats(report: RTCStatsReport): StatsSample {
  let rtt: number | undefined;
  let packetsReceived = 0;
  let packetsLost = 0;
  report.forEach((s: Record<string, unknown>) => {
    if (s['type'] === 'candidate-pair' && (s['nominated'] || s['selected']) && s['state'] === 'succeeded' && typeof s['currentRoundTripTime'] === 'number') {
      rtt = s['currentRoundTripTime'];
    }
    if (s['type'] === 'inbound-rtp') {
      packetsReceived += typeof s['packetsReceived'] === 'number' ? s['packetsReceived'] : 0;
      packetsLost += typeof s['packetsLost'] === 'number' ? Math.max(0, s['packetsLost']) : 0;
    }
  });
  return { rtt, packetsReceived, packetsLost };
}

/**
 * The quality between two samples on Twilio's 0..5 scale: the loss of the packets in between and the round trip
 * decide it; nothing received in between while connected is 0.
 */
export function qualityBetween(prev: StatsSample | null, cur: StatsSample): Quality {
  if (!prev) return null;
  const received = cur.packetsReceived - prev.packetsReceived;
  const lost = Math.max(0, cur.packetsLost - prev.packetsLost);
  if (received <= 0 && lost <= 0) return 0;
  const loss = lost / Math.max(1, received + lost);
  const rtt = cur.rtt ?? 0;
  let q = 5;
  if (loss > 0.01 || rtt > 0.15) q = 4;
  if (loss > 0.03 || rtt > 0.3) q = 3;
  if (loss > 0.08 || rtt > 0.5) q = 2;
  if (loss > 0.15 || rtt > 1) q = 1;
  return q as Quality;
}

/** The words for a quality. */
export function qualityLabel(q: Quality): string {
  if (q === null) return 'Checking connection';
  if (q >= 5) return 'Excellent connection';
  if (q >= 4) return 'Good connection';
  if (q >= 3) return 'Fair connection';
  if (q >= 1) return 'Poor connection';
  return 'No media arriving';
}
