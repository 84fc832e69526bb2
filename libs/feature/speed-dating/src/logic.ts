// Pure rules of the speed-dating screens: clocks and time zones, which screen a live phase shows, labels, the host's
// buttons per status, the refund rule and the admin form's conversion to the API's input. Unit-tested in logic.test.ts.
import { formatMoney, parseMoney, toMajorInput } from '@sojourn/util';
import type { SpeedAudience, SpeedEvent, SpeedEventInput, SpeedGroup, SpeedLive, SpeedStatus, SpeedTicket } from './api';

// ---------------------------------------------------------------------------------------------------------------
// Clocks

/** Whole seconds from `now` until `iso` (never negative); null without a time. */
export function secondsUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

/** A countdown as a clock: 75 -> "1:15", 5 -> "0:05", 3725 -> "1:02:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A countdown for screen readers: 75 -> "1 minute 15 seconds". */
export function spokenClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const part = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const out = [h ? part(h, 'hour') : '', m ? part(m, 'minute') : '', r || (!h && !m) ? part(r, 'second') : ''].filter(Boolean);
  return out.join(' ');
}

/** A duration in words: 300 -> "5 min", 90 -> "1 min 30 s", 45 -> "45 s". */
export function durationLabel(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (!m) return `${s} s`;
  return s ? `${m} min ${s} s` : `${m} min`;
}

// ---------------------------------------------------------------------------------------------------------------
// Time zones

/** The offset of `zone` from UTC at the instant `ms`, in milliseconds (Africa/Lagos: +3,600,000). */
export function zoneOffset(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']) % 24, Number(parts['minute']), Number(parts['second']));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** A wall time typed for a zone ("2026-11-28T19:00" in Africa/Lagos) as an ISO instant ("2026-11-28T18:00:00.000Z"); null when unreadable. */
export function zonedToIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  try {
    let t = guess - zoneOffset(guess, zone);
    // Near a daylight-saving change the offset at the answer may differ from the guess's: settle on it.
    t = guess - zoneOffset(t, zone);
    return new Date(t).toISOString();
  } catch {
    return null;
  }
}

/** An instant as the wall time a datetime-local input shows for a zone: "2026-11-28T18:00:00Z", Africa/Lagos -> "2026-11-28T19:00". */
export function isoToZoned(iso: string, zone: string): string {
  const ms = new Date(iso).getTime();
  const d = new Date(ms + zoneOffset(ms, zone));
  return d.toISOString().slice(0, 16);
}

/** Whether a zone name is one this browser knows. */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones to choose from (the browser's list; a short list where it has none), Africa/Lagos always among them. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const all = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : ['Africa/Accra', 'Africa/Johannesburg', 'Africa/Nairobi', 'Europe/London', 'America/New_York', 'UTC'];
  return Array.from(new Set(['Africa/Lagos', ...all])).sort();
}

const dayTime = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const timeOnly = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A zone named as people say it: "Africa/Lagos" -> "Lagos time", "America/Port_of_Spain" -> "Port of Spain time". */
export function zoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return `${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')} time`;
}

/**
 * When an event starts, in its own zone and, when the viewer's clock differs, in theirs:
 * { event: "Sat 28 Nov, 19:00 Lagos time", viewer: "18:00 your time" | "Sun 29 Nov, 03:00 your time" | null }.
 */
export function eventWhen(startsAt: string, eventZone: string, viewerZone: string): { event: string; viewer: string | null } {
  const ms = new Date(startsAt).getTime();
  const zone = knownZone(eventZone) ? eventZone : 'UTC';
  const event = `${dayTime(zone).format(ms)} ${zoneLabel(zone)}`;
  const same = knownZone(viewerZone) && zoneOffset(ms, zone) === zoneOffset(ms, viewerZone);
  if (same || !knownZone(viewerZone)) return { event, viewer: null };
  const sameDay = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short' }).format(ms) === new Intl.DateTimeFormat('en-GB', { timeZone: viewerZone, dateStyle: 'short' }).format(ms);
  return { event, viewer: `${sameDay ? timeOnly(viewerZone).format(ms) : dayTime(viewerZone).format(ms)} your time` };
}

/** The viewer's own zone. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// ---------------------------------------------------------------------------------------------------------------
// Labels

export const AUDIENCES: { value: SpeedAudience; label: string; hint: string }[] = [
  { value: 'women_men', label: 'Women and men', hint: 'Two balanced groups: each woman meets men and each man meets women.' },
  { value: 'everyone', label: 'Everyone', hint: 'Anyone meets anyone whose preferences fit.' },
  { value: 'women', label: 'Women', hint: 'One group of women.' },
  { value: 'men', label: 'Men', hint: 'One group of men.' },
];

export const audienceLabel = (a: SpeedAudience) => AUDIENCES.find((x) => x.value === a)?.label ?? a;

export function groupLabel(g: SpeedGroup): string {
  return g === 'women' ? 'Women' : g === 'men' ? 'Men' : 'Everyone';
}

export type BadgeTone = 'default' | 'soft' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive';

export function statusBadge(s: SpeedStatus): { label: string; tone: BadgeTone } {
  switch (s) {
    case 'scheduled':
      return { label: 'Upcoming', tone: 'soft' };
    case 'live':
      return { label: 'Live now', tone: 'success' };
    case 'paused':
      return { label: 'Paused', tone: 'warning' };
    case 'voting':
      return { label: 'Voting', tone: 'default' };
    case 'ended':
      return { label: 'Ended', tone: 'secondary' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'destructive' };
  }
}

export function ticketBadge(t: Pick<SpeedTicket, 'status' | 'checked_in_at' | 'left_at'>): { label: string; tone: BadgeTone } {
  switch (t.status) {
    case 'pending_payment':
      return { label: 'Awaiting payment', tone: 'warning' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'secondary' };
    case 'refunded':
      return { label: 'Refunded', tone: 'secondary' };
    case 'confirmed':
      if (t.left_at) return { label: 'You left', tone: 'secondary' };
      if (t.checked_in_at) return { label: 'Checked in', tone: 'success' };
      return { label: 'You’re going', tone: 'success' };
  }
}

/** "Free" or the price. */
export const priceLabel = (e: Pick<SpeedEvent, 'price'>) => (e.price.amount === 0 ? 'Free' : formatMoney(e.price.amount, e.price.currency, { compact: true }));

/** "3 seats left for women" per group (or one line for everyone), and whether the event is full. */
export function seatLines(e: Pick<SpeedEvent, 'seats' | 'seats_left'>): { group: SpeedGroup; text: string; full: boolean }[] {
  return e.seats.map((s) => {
    const left = Math.max(0, s.capacity - s.taken);
    const who = s.group === 'everyone' ? '' : ` for ${groupLabel(s.group).toLowerCase()}`;
    return { group: s.group, full: left === 0, text: left === 0 ? `Full${who}` : `${left} ${left === 1 ? 'seat' : 'seats'} left${who}` };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Buying and cancelling

/** Whether cancelling now refunds: until 24 hours before the start. */
export function refundable(startsAt: string, now: number): boolean {
  return new Date(startsAt).getTime() - now >= 24 * 3600 * 1000;
}

/** Where a reason not to buy points: sign in, matchmaking or its preferences; null when there is nowhere to go. */
export function cannotBuyHelp(reason: string | null, here: string): { href: string; label: string } | null {
  if (!reason) return null;
  const r = reason.toLowerCase();
  if (r.includes('sign in') || r.includes('signed in') || r.includes('log in')) return { href: `/login?redirect=${encodeURIComponent(here)}`, label: 'Sign in' };
  if (r.includes('pause')) return { href: '/user-preferences', label: 'Open your matchmaking settings' };
  if (r.includes('matchmaking') || r.includes('opt in') || r.includes('gender') || r.includes('birth')) return { href: '/matchmaking', label: 'Join matchmaking' };
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The live room

export type Screen = 'before' | 'check-in' | 'waiting' | 'date' | 'break' | 'changeover' | 'paused' | 'voting' | 'ended' | 'cancelled' | 'left';

/** Which screen the caller sees: the API's phase, with "before" split by whether check-in is open (and the sales not closed). */
export function screenFor(live: Pick<SpeedLive, 'phase' | 'event'>, now: number): Screen {
  if (live.phase === 'before') {
    const opens = new Date(live.event.check_in_opens_at).getTime();
    return now >= opens && live.event.status !== 'ended' && live.event.status !== 'voting' ? 'check-in' : 'before';
  }
  return live.phase;
}

/** When the live state next changes by the clock alone (a round ends, voting closes, check-in opens): refetch then. */
export function nextRefetchAt(live: Pick<SpeedLive, 'phase' | 'round_ends_at' | 'voting_closes_at' | 'event'>, now: number): number | null {
  const at = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null);
  const candidates = [
    live.phase === 'date' || live.phase === 'break' || live.phase === 'changeover' ? at(live.round_ends_at) : null,
    live.phase === 'voting' ? at(live.voting_closes_at) : null,
    live.phase === 'before' ? at(live.event.check_in_opens_at) : null,
  ].filter((t): t is number => t !== null && t > now - 1000);
  return candidates.length ? Math.min(...candidates) : null;
}

/** "Round 2 of 4". */
export const roundLabel = (round: number, rounds: number) => `Round ${Math.max(1, round)} of ${rounds}`;

// ---------------------------------------------------------------------------------------------------------------
// The host's console

export type HostAction = 'start' | 'pause' | 'resume' | 'next' | 'end' | 'cancel';

/** Which of the host's buttons work in a status. */
export function hostActions(status: SpeedStatus): Record<HostAction, boolean> {
  return {
    start: status === 'scheduled',
    pause: status === 'live',
    resume: status === 'paused',
    next: status === 'live' || status === 'paused',
    end: status === 'live' || status === 'paused',
    cancel: status === 'scheduled',
  };
}

/**
 * Why the host cannot start yet (the server's own rules: check-in open, the minimum of confirmed tickets, two people
 * checked in), or null when Start should work.
 */
export function startBlocker(e: Pick<SpeedEvent, 'status' | 'check_in_opens_at' | 'min_participants'>, confirmed: number, checkedIn: number, now: number): string | null {
  if (e.status !== 'scheduled') return null;
  if (now < new Date(e.check_in_opens_at).getTime()) return 'Check-in has not opened yet: you can start from 15 minutes before the start.';
  if (confirmed < e.min_participants) return `Start needs ${e.min_participants} confirmed tickets; ${confirmed} so far.`;
  if (checkedIn < 2) return `Start needs at least 2 people checked in; ${checkedIn} so far.`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The admin's form

export interface EventFormValues {
  title: string;
  description: string;
  /** The start as the event's own wall time, "YYYY-MM-DDTHH:mm". */
  starts_local: string;
  time_zone: string;
  rounds: string;
  /** Minutes per round, as typed. */
  round_minutes: string;
  changeover_seconds: string;
  audience: SpeedAudience;
  age_min: string;
  age_max: string;
  capacity: string;
  min_participants: string;
  /** Major units, as typed ("2,500"). */
  price: string;
  currency: string;
}

export function emptyForm(now: number): EventFormValues {
  // A week from now at 19:00 in Lagos.
  const day = isoToZoned(new Date(now + 7 * 86400_000).toISOString(), 'Africa/Lagos').slice(0, 10);
  return {
    title: '',
    description: '',
    starts_local: `${day}T19:00`,
    time_zone: 'Africa/Lagos',
    rounds: '6',
    round_minutes: '5',
    changeover_seconds: '60',
    audience: 'women_men',
    age_min: '25',
    age_max: '40',
    capacity: '12',
    min_participants: '6',
    price: '0',
    currency: 'NGN',
  };
}

export function formFromEvent(e: SpeedEvent): EventFormValues {
  return {
    title: e.title,
    description: e.description,
    starts_local: isoToZoned(e.starts_at, knownZone(e.time_zone) ? e.time_zone : 'UTC'),
    time_zone: e.time_zone,
    rounds: String(e.rounds),
    round_minutes: String(Math.round((e.round_seconds / 60) * 100) / 100),
    changeover_seconds: String(e.changeover_seconds),
    audience: e.audience,
    age_min: String(e.age_min),
    age_max: String(e.age_max),
    capacity: String(e.capacity),
    min_participants: String(e.min_participants),
    price: toMajorInput(e.price.amount, e.price.currency),
    currency: e.price.currency,
  };
}

const int = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN);

/**
 * The form as the API's input, or the problems by field (the API's names, so its 422 lands in the same places). The
 * bounds are the contract's; the API checks them again.
 */
export function toInput(v: EventFormValues): { input: SpeedEventInput; errors: null } | { input: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = v.title.trim();
  if (title.length < 3) errors['title'] = 'Give the event a title of at least 3 characters.';
  else if (title.length > 120) errors['title'] = 'Keep the title within 120 characters.';
  if (v.description.length > 2000) errors['description'] = 'Keep the description within 2,000 characters.';
  const zone = v.time_zone.trim();
  if (!zone || !knownZone(zone)) errors['time_zone'] = 'Choose a time zone.';
  const startsAt = zone && knownZone(zone) ? zonedToIso(v.starts_local, zone) : null;
  if (!startsAt) errors['starts_at'] = 'Choose the date and time it starts.';
  const bounded = (key: string, raw: string, min: number, max: number, what: string) => {
    const n = int(raw);
    if (Number.isNaN(n) || n < min || n > max) errors[key] = `${what} must be a whole number from ${min} to ${max}.`;
    return n;
  };
  const rounds = bounded('rounds', v.rounds, 1, 12, 'Rounds');
  const minutes = Number(v.round_minutes.trim());
  const roundSeconds = Math.round(minutes * 60);
  if (!v.round_minutes.trim() || Number.isNaN(minutes) || roundSeconds < 60 || roundSeconds > 1800) errors['round_seconds'] = 'A round lasts from 1 to 30 minutes.';
  const changeover = bounded('changeover_seconds', v.changeover_seconds, 10, 300, 'The changeover');
  const ageMin = bounded('age_min', v.age_min, 18, 99, 'The youngest age');
  const ageMax = bounded('age_max', v.age_max, 18, 99, 'The oldest age');
  if (!errors['age_min'] && !errors['age_max'] && ageMax < ageMin) errors['age_max'] = 'The oldest age cannot be below the youngest.';
  const capacity = bounded('capacity', v.capacity, 3, 40, 'Capacity');
  if (!errors['capacity'] && v.audience === 'women_men' && capacity % 2 !== 0) errors['capacity'] = 'For women and men the capacity is even: half the seats for each group.';
  const minimum = bounded('min_participants', v.min_participants, 2, 40, 'The minimum');
  if (!errors['min_participants'] && !errors['capacity'] && minimum > capacity) errors['min_participants'] = 'The minimum cannot be above the capacity.';
  const amount = parseMoney(v.price, v.currency);
  if (amount === null) errors['price'] = 'Write the price in naira, e.g. 2500 or 0 for free.';
  else if (amount > 10_000_000) errors['price'] = `The price is at most ${formatMoney(10_000_000, v.currency)}.`;
  if (Object.keys(errors).length) return { input: null, errors };
  return {
    input: {
      title,
      description: v.description.trim(),
      starts_at: startsAt!,
      time_zone: zone,
      rounds,
      round_seconds: roundSeconds,
      changeover_seconds: changeover,
      audience: v.audience,
      age_min: ageMin,
      age_max: ageMax,
      capacity,
      min_participants: minimum,
      price: { amount: amount!, currency: v.currency as SpeedEventInput['price']['currency'] },
    },
    errors: null,
  };
}

/** The API's field names as the form's (price.amount -> price, starts_at stays). */
export function formField(apiField: string): string {
  if (apiField.startsWith('price')) return 'price';
  if (apiField === 'round_seconds') return 'round_seconds';
  return apiField;
}
