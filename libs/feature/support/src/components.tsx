import { Badge } from '@sojourn/ui';
import type { TicketMessage } from './api';
import { STATUS_LABEL, STATUS_TONE, type TicketStatus } from './logic';

export const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function StatusBadge({ status, labels = STATUS_LABEL }: { status: string; labels?: Record<TicketStatus, string> }) {
  const s = status as TicketStatus;
  return <Badge variant={STATUS_TONE[s] ?? 'secondary'}>{labels[s] ?? status}</Badge>;
}

/** A ticket's conversation, oldest first; internal notes (admins only) are marked. */
export function Conversation({ messages, staffView = false }: { messages: TicketMessage[]; staffView?: boolean }) {
  return (
    <ol className="grid gap-3" aria-label="Messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className={
            m.internal
              ? 'rounded-lg border border-dashed border-warning/60 bg-warning/5 p-4'
              : m.from_staff !== staffView
                ? 'rounded-lg border bg-accent/40 p-4'
                : 'rounded-lg border bg-card p-4'
          }
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold">
              {m.author.name || 'Sojourn user'}
              {m.internal && <span className="ms-2 rounded border border-dashed border-foreground/40 px-1.5 text-xs font-medium">Internal note</span>}
            </span>
            <time className="text-xs text-muted-foreground" dateTime={m.created_at}>
              {dateTime.format(new Date(m.created_at))}
            </time>
          </div>
          <p className="mt-2 whitespace-pre-line break-words text-sm">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
