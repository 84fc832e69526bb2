import { errorMessage, mediaUrl } from '@sojourn/api-client';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  FormAlert,
  Label,
  LoadMore,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Textarea,
  describeBytes,
} from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Booking, type ClientDocument, type ClientNote, type ClientNoteInput } from '../api';
import { AppointmentActions } from '../components/appointment-actions';
import { copyFor, nouns, personPaths, type PersonNoun, type PracticeContext } from '../context';
import { STATUS_LABELS, formatRange, formatWhen, statusVariant, zoneName } from '../format';

const NOTE_MAX = 10_000;
const SOAP = [
  { key: 'subjective', label: 'Subjective', hint: 'What the client reports: concerns, feelings, events since last time.' },
  { key: 'objective', label: 'Objective', hint: 'What you observed: presentation, affect, measures.' },
  { key: 'assessment', label: 'Assessment', hint: 'Your clinical impression and progress towards goals.' },
  { key: 'plan', label: 'Plan', hint: 'Next steps, homework, the focus of the next session.' },
] as const;

function useIntakeLabels(ctx: PracticeContext) {
  const offerings = useQuery({ queryKey: practiceKeys.offerings(ctx.kind), queryFn: () => practiceApi.offerings(ctx.kind) });
  const labels = new Map<string, string>();
  for (const o of offerings.data ?? []) for (const q of o.intake_questions) if (q.id) labels.set(q.id, q.label);
  return labels;
}

function History({ bookings, labels, name }: { bookings: Booking[]; labels: Map<string, string>; name: string }) {
  if (bookings.length === 0) return <EmptyState title="No bookings" description="Their bookings with you appear here." />;
  return (
    <ol className="grid gap-3" aria-label="Booking history">
      {bookings.map((b) => {
        const answers = Object.entries(b.intake_answers ?? {});
        return (
          <li key={b.id} className="grid gap-2 rounded-lg border p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {b.title} <span className="font-normal text-muted-foreground">· {formatRange(b.start, b.end)}</span>
              </p>
              <Badge variant={statusVariant(b.status)}>{STATUS_LABELS[b.status]}</Badge>
            </div>
            <p className="text-muted-foreground">
              {b.pay_with === 'package' ? 'Paid with a package credit' : `Paid ${formatMoney(b.paid_amount, b.price.currency)}`}
              {b.refunded_amount > 0 && ` · refunded ${formatMoney(b.refunded_amount, b.price.currency)}`}
              {b.cancel_reason && ` · reason: ${b.cancel_reason}`}
            </p>
            {answers.length > 0 && (
              <details className="rounded-md bg-muted/50 p-3">
                <summary className="cursor-pointer font-medium">Intake answers ({answers.length})</summary>
                <dl className="mt-2 grid gap-2">
                  {answers.map(([id, answer]) => (
                    <div key={id} className="grid gap-0.5">
                      <dt className="text-xs font-medium text-muted-foreground">{labels.get(id) ?? 'A question no longer on the offering'}</dt>
                      <dd className="whitespace-pre-wrap break-words">{answer}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
            {b.note && <p className="text-muted-foreground">Note from {name}: {b.note}</p>}
            <AppointmentActions booking={b} clientName={name} />
          </li>
        );
      })}
    </ol>
  );
}

function Documents({ userId }: { userId: string }) {
  const list = useInfiniteQuery({
    queryKey: practiceKeys.documents(userId),
    queryFn: ({ pageParam }) => practiceApi.documents(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (d: ClientDocument) => {
    setBusy(d.id);
    try {
      const blob = await practiceApi.documentFile(userId, d.id);
      const url = URL.createObjectURL(new Blob([blob], { type: d.content_type }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${d.title.replace(/[^\w.\- ]+/g, '_') || 'document'}.${d.content_type === 'application/pdf' ? 'pdf' : d.content_type === 'image/png' ? 'png' : 'jpg'}`;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  if (list.isPending) return <Skeleton className="h-16 w-full" />;
  if (list.error && !list.data) return <ErrorState title="Could not load shared documents" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState title="No documents shared" description="Documents a client attaches to a booking with you appear here." icon={<FileText className="size-6" />} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {rows.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
            <span className="grid">
              <span className="font-medium">{d.title}</span>
              <span className="text-xs text-muted-foreground">
                {d.content_type === 'application/pdf' ? 'PDF' : 'Image'} · {describeBytes(d.size_bytes)} · shared {formatWhen(d.created_at)}
              </span>
            </span>
            <Button size="sm" variant="outline" loading={busy === d.id} onClick={() => void download(d)} aria-label={`Download ${d.title}`}>
              Download
            </Button>
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['document', 'document']} />
    </div>
  );
}

function NoteForm({ userId, structured, bookings, note, onDone }: { userId: string; structured: boolean; bookings: Booking[]; note?: ClientNote; onDone: () => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState<Required<ClientNoteInput>>({
    booking_id: note?.booking_id ?? '',
    subjective: note?.subjective ?? '',
    objective: note?.objective ?? '',
    assessment: note?.assessment ?? '',
    plan: note?.plan ?? '',
    text: note?.text ?? '',
  });
  const parts = structured ? (['subjective', 'objective', 'assessment', 'plan', 'text'] as const) : (['text'] as const);
  const empty = parts.every((k) => !v[k].trim());
  const tooLong = parts.some((k) => v[k].length > NOTE_MAX);
  const save = useMutation({
    mutationFn: () => {
      const body: ClientNoteInput = { booking_id: v.booking_id };
      for (const k of parts) body[k] = v[k].trim();
      return note ? practiceApi.updateNote(userId, note.id, body) : practiceApi.addNote(userId, body);
    },
    onSuccess: () => {
      toast.success(note ? 'Note updated.' : 'Note saved. Only you can read it.');
      void qc.invalidateQueries({ queryKey: practiceKeys.notes(userId) });
      onDone();
    },
  });
  const sessionLabel = (b: Booking) => `${b.title}, ${formatWhen(b.start)}`;
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty && !tooLong) save.mutate();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`note-session-${note?.id ?? 'new'}`}>Session</Label>
        <Select value={v.booking_id || 'none'} onValueChange={(x) => setV({ ...v, booking_id: x === 'none' ? '' : x })}>
          <SelectTrigger id={`note-session-${note?.id ?? 'new'}`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">Not about one session</SelectItem>
            {bookings.map((b) => (
              <SelectItem key={b.id} value={b.id}>
                {sessionLabel(b)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {structured &&
        SOAP.map((s) => (
          <div key={s.key} className="grid gap-1.5">
            <Label htmlFor={`${s.key}-${note?.id ?? 'new'}`}>{s.label}</Label>
            <p className="text-xs text-muted-foreground" id={`${s.key}-${note?.id ?? 'new'}-hint`}>
              {s.hint}
            </p>
            <Textarea id={`${s.key}-${note?.id ?? 'new'}`} aria-describedby={`${s.key}-${note?.id ?? 'new'}-hint`} rows={3} maxLength={NOTE_MAX} value={v[s.key]} onChange={(e) => setV({ ...v, [s.key]: e.target.value })} />
          </div>
        ))}
      <div className="grid gap-1.5">
        <Label htmlFor={`text-${note?.id ?? 'new'}`}>{structured ? 'Other notes' : 'Notes'}</Label>
        <Textarea id={`text-${note?.id ?? 'new'}`} rows={structured ? 3 : 6} maxLength={NOTE_MAX} value={v.text} onChange={(e) => setV({ ...v, text: e.target.value })} />
      </div>
      {save.error && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      {empty && <p className="text-xs text-muted-foreground">Write something in at least one field to save.</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={empty || tooLong} loading={save.isPending}>
          {note ? 'Save changes' : 'Save note'}
        </Button>
        {note && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function NoteView({ note, bookings }: { note: ClientNote; bookings: Booking[] }) {
  const b = bookings.find((x) => x.id === note.booking_id);
  const parts = [...SOAP.map((s) => ({ label: s.label, value: note[s.key] })), { label: 'Notes', value: note.text }].filter((p) => p.value);
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-xs text-muted-foreground">
        {b ? `${b.title}, ${formatWhen(b.start)} · ` : ''}written {formatWhen(note.created_at)}
        {note.updated_at !== note.created_at && `, edited ${formatWhen(note.updated_at)}`}
      </p>
      <dl className="grid gap-2">
        {parts.map((p) => (
          <div key={p.label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{p.label}</dt>
            <dd className="whitespace-pre-wrap break-words">{p.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Notes({ userId, structured, bookings }: { userId: string; structured: boolean; bookings: Booking[] }) {
  const list = useInfiniteQuery({
    queryKey: practiceKeys.notes(userId),
    queryFn: ({ pageParam }) => practiceApi.notes(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const formOpen = writing || (list.isSuccess && rows.length === 0);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="new-note" className="grid gap-3">
        <h3 id="new-note" className="font-semibold">
          New note
        </h3>
        {formOpen ? (
          <NoteForm key={rows.length} userId={userId} structured={structured} bookings={bookings} onDone={() => setWriting(false)} />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setWriting(true)}>
              Write a note
            </Button>
          </div>
        )}
      </section>
      <section aria-labelledby="past-notes" className="grid gap-3">
        <h3 id="past-notes" className="font-semibold">
          Your notes
        </h3>
        {list.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : list.error && !list.data ? (
          <ErrorState title="Could not load your notes" error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No notes yet" description="Notes you write after a session appear here, newest first." />
        ) : (
          <>
            <ul className="grid gap-3">
              {rows.map((n) => (
                <li key={n.id} className="grid gap-3 rounded-lg border p-4">
                  {editing === n.id ? (
                    <NoteForm userId={userId} structured={structured} bookings={bookings} note={n} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <NoteView note={n} bookings={bookings} />
                      <div>
                        <Button size="sm" variant="outline" onClick={() => setEditing(n.id)}>
                          Edit note
                        </Button>
                      </div>
                    </>
                  )}
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['note', 'notes']} />
          </>
        )}
      </section>
    </div>
  );
}

/** One client: booking history with this provider, intake answers, shared documents, and private session notes. */
export default function ClientPage({ ctx, noun }: { ctx: PracticeContext; noun: PersonNoun }) {
  const n = nouns(noun);
  const copy = copyFor(ctx.kind);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const client = useQuery({ queryKey: practiceKeys.client(ctx.kind, id), queryFn: () => practiceApi.client(ctx.kind, id), enabled: Boolean(id) });
  const labels = useIntakeLabels(ctx);
  const back = (
    <Button asChild variant="outline">
      <Link to={personPaths(ctx, noun).list}>All {n.many}</Link>
    </Button>
  );
  if (!id) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <PageHeader title={n.One} actions={back} />
        <EmptyState title={`Choose a ${n.one}`} description={`Open a ${n.one} from your list to see their history and notes.`} />
      </div>
    );
  }
  if (client.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (client.error) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <PageHeader title={n.One} actions={back} />
        <ErrorState title={`Could not open this ${n.one}`} error={client.error} onRetry={() => void client.refetch()} />
      </div>
    );
  }
  const c = client.data;
  const name = c.person.display_name || c.person.username;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Avatar src={mediaUrl(c.person.avatar_url)} name={name} size="lg" />
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>
            <p className="text-sm text-muted-foreground">
              @{c.person.username} · {c.bookings.length} booking{c.bookings.length === 1 ? '' : 's'} with you
            </p>
          </div>
        </div>
        {back}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Bookings with you</CardTitle>
              <CardDescription>Newest first, with their intake answers. Times in {zoneName()}.</CardDescription>
            </CardHeader>
            <CardContent>
              <History bookings={c.bookings} labels={labels} name={name} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Documents {name} shared</CardTitle>
              <CardDescription>Files they attached to a booking with you. Each download is recorded.</CardDescription>
            </CardHeader>
            <CardContent>
              <Documents userId={id} />
            </CardContent>
          </Card>
        </div>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Private session notes</CardTitle>
            <div className="flex items-start gap-2 rounded-md border border-primary/30 bg-accent/40 p-3 text-sm" role="note">
              <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <p>
                Only you can see these notes. {name} cannot read them, nor can other {copy.role}s or Sojourn staff through the app; every time they are opened it is
                recorded in the audit log.
              </p>
            </div>
          </CardHeader>
          <CardContent>
            <Notes userId={id} structured={copy.structuredNotes} bookings={c.bookings} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
