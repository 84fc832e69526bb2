import { SUPPORT_PATHS, type SupportPortal } from './paths';

export type TicketStatus = 'open' | 'pending' | 'solved' | 'closed';
export type Priority = 'low' | 'normal' | 'high' | 'urgent';

export const STATUS_LABEL: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Awaiting your reply',
  solved: 'Solved',
  closed: 'Closed',
};
/** What admins read: open tickets wait on Sojourn, pending ones on the requester. */
export const ADMIN_STATUS_LABEL: Record<TicketStatus, string> = { open: 'Open', pending: 'Pending', solved: 'Solved', closed: 'Closed' };

export const STATUS_TONE: Record<TicketStatus, 'outline' | 'soft' | 'success' | 'secondary'> = {
  open: 'outline',
  pending: 'soft',
  solved: 'success',
  closed: 'secondary',
};

export const PRIORITIES: { value: Priority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];

export const CATEGORIES = [
  { value: 'booking', label: 'A booking' },
  { value: 'order', label: 'A shop order' },
  { value: 'payment', label: 'A payment or my wallet' },
  { value: 'account', label: 'My account' },
  { value: 'listing', label: 'A listing' },
  { value: 'technical', label: 'Something is not working' },
  { value: 'other', label: 'Something else' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];

export const categoryLabel = (c: string) => CATEGORIES.find((x) => x.value === c)?.label ?? c;

/** The portal whose support page a path is on (the user portal's by default). */
export function portalFromPath(pathname: string): SupportPortal {
  const hit = (Object.entries(SUPPORT_PATHS) as [SupportPortal, string][])
    .filter(([, p]) => p !== '/support')
    .find(([, p]) => pathname === p || pathname.startsWith(`${p}/`));
  return hit ? hit[0] : 'user';
}

export interface SlaLike {
  first_response_due: string;
  resolution_due: string;
  first_response_breached: boolean;
  resolution_breached: boolean;
}

/** The SLA line an admin reads for a ticket: what is due next, or what was missed. */
export function slaSummary(
  t: { status: string; first_response_at: string | null; sla?: SlaLike },
  now: Date,
): { tone: 'breached' | 'soon' | 'ok' | 'done'; text: string } {
  const sla = t.sla;
  if (!sla) return { tone: 'done', text: '' };
  if (sla.first_response_breached && !t.first_response_at && (t.status === 'open' || t.status === 'pending')) {
    return { tone: 'breached', text: `First reply overdue by ${duration(now.getTime() - Date.parse(sla.first_response_due))}` };
  }
  if (t.status === 'solved' || t.status === 'closed') {
    return sla.resolution_breached || sla.first_response_breached ? { tone: 'breached', text: 'Missed its SLA' } : { tone: 'done', text: 'Within SLA' };
  }
  if (sla.resolution_breached) {
    return { tone: 'breached', text: `Resolution overdue by ${duration(now.getTime() - Date.parse(sla.resolution_due))}` };
  }
  const due = t.first_response_at ? sla.resolution_due : sla.first_response_due;
  const left = Date.parse(due) - now.getTime();
  const what = t.first_response_at ? 'Solve' : 'First reply';
  return { tone: left < 60 * 60 * 1000 ? 'soon' : 'ok', text: `${what} due in ${duration(left)}` };
}

/** A short human duration: "45 min", "3 h", "2 d". */
export function duration(ms: number): string {
  const m = Math.max(0, Math.round(ms / 60000));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h`;
  return `${Math.floor(h / 24)} d`;
}

/** A requester may rate a solved or closed ticket once. */
export const canRate = (t: { status: string; rating: number | null }) => (t.status === 'solved' || t.status === 'closed') && t.rating == null;

/** The statuses an admin may move a ticket to from its status (api/internal/support/states.go). */
export function nextStatuses(s: TicketStatus): TicketStatus[] {
  switch (s) {
    case 'open':
      return ['pending', 'solved', 'closed'];
    case 'pending':
      return ['open', 'solved', 'closed'];
    case 'solved':
      return ['open', 'closed'];
    default:
      return [];
  }
}

/** The words of a search the user typed, for the FAQ search (two letters or more). */
export const searchTerms = (q: string) =>
  q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length >= 2);
