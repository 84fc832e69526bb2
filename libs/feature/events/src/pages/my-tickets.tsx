import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, CursorList, FormAlert, Input, Label, cursorQuery } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { eventsApi, eventsKeys, type TkTicket } from '../api';
import { startLabel } from '../logic';
import { EVENTS_PATH, eventHref } from '../paths';

/** /my-tickets: the caller's valid tickets with their QR codes; a ticket can be given to a friend. */
export default function MyTicketsPage() {
  const q = useInfiniteQuery({ ...cursorQuery(eventsKeys.tickets, (c) => eventsApi.tickets(c)) });
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">My tickets</h1>
        <p className="text-muted-foreground">Show the QR code at the door. Each code works once; a ticket you give away gets a new code.</p>
      </header>
      <CursorList
        query={q}
        rowKey={(t) => t.id}
        noun={['ticket', 'tickets']}
        empty={{ icon: <Ticket className="size-6" />, title: 'No tickets yet', description: 'Tickets you buy for events appear here with their QR codes.', action: <Button asChild variant="outline"><Link to={EVENTS_PATH}>Browse events</Link></Button> }}
      >
        {(t) => <TicketCard t={t} />}
      </CursorList>
    </div>
  );
}

function TicketCard({ t }: { t: TkTicket }) {
  const [giving, setGiving] = useState(false);
  return (
    <article className="grid gap-4 rounded-2xl border bg-card p-4 sm:grid-cols-[10rem_1fr]" data-testid="event-ticket">
      {t.qr ? (
        <img src={t.qr} alt={`QR code of the ticket for ${t.attendee_name}`} className="size-40 rounded-lg border bg-white p-1" width={160} height={160} />
      ) : (
        <div className="flex size-40 items-center justify-center rounded-lg border text-sm text-muted-foreground">No code</div>
      )}
      <div className="grid content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{t.type_name}</Badge>
          {t.checked_in_at && <Badge variant="outline">Checked in</Badge>}
        </div>
        <h2 className="text-lg font-semibold">
          <Link to={eventHref(t.event_id)} className="underline-offset-4 hover:underline">
            {t.event_title}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">{startLabel(t.starts_at, t.time_zone)}</p>
        <p className="text-sm">
          {t.venue} · Attendee: <strong>{t.attendee_name}</strong>
        </p>
        <p className="break-all font-mono text-xs text-muted-foreground" data-testid="ticket-code">
          {t.code}
        </p>
        {!t.checked_in_at && (
          <div>
            {giving ? <Transfer t={t} onDone={() => setGiving(false)} /> : <Button variant="outline" size="sm" onClick={() => setGiving(true)}>Give to a friend</Button>}
          </div>
        )}
      </div>
    </article>
  );
}

function Transfer({ t, onDone }: { t: TkTicket; onDone: () => void }) {
  const qc = useQueryClient();
  const [to, setTo] = useState('');
  const key = useRef(newIdempotencyKey());
  const m = useMutation({
    mutationFn: () => eventsApi.transfer(t.id, key.current, to.trim()),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: eventsKeys.tickets });
      onDone();
    },
  });
  return (
    <form
      className="grid gap-2 rounded-xl border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate();
      }}
    >
      <Label htmlFor={`to-${t.id}`}>Friend’s email or username</Label>
      <Input id={`to-${t.id}`} value={to} maxLength={254} required onChange={(e) => setTo(e.target.value)} />
      <FormAlert>{m.error ? errorMessage(m.error) : null}</FormAlert>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={m.isPending || to.trim().length < 3}>
          Give ticket
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Keep it
        </Button>
      </div>
    </form>
  );
}
