import { errorMessage } from '@sojourn/api-client';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Input,
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
} from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LifeBuoy, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { supportApi, supportKeys, type TicketDetail } from '../api';
import { Conversation, StatusBadge, dateTime } from '../components';
import { CATEGORIES, PRIORITIES, canRate, categoryLabel, portalFromPath, type Category, type Priority } from '../logic';
import { SUPPORT_PATHS } from '../paths';

export default function SupportPage() {
  const { id } = useParams();
  const portal = portalFromPath(useLocation().pathname);
  const base = SUPPORT_PATHS[portal];
  if (id === 'new') return <NewTicket base={base} portal={portal} />;
  if (id) return <TicketView id={id} base={base} />;
  return <TicketList base={base} />;
}

function TicketList({ base }: { base: string }) {
  const list = useInfiniteQuery({
    queryKey: supportKeys.tickets,
    queryFn: ({ pageParam }) => supportApi.tickets(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Support"
        description="Ask us about a booking, an order or a payment. We reply here and let you know by notification."
        actions={
          <Button asChild>
            <Link to={`${base}/new`}>New ticket</Link>
          </Button>
        }
      />
      {list.isLoading ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : list.error ? (
        <ErrorState title="Could not load your tickets" error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<LifeBuoy className="size-6" />}
          title="No tickets yet"
          description="When something goes wrong, open a ticket and our team will help."
          action={
            <Button asChild variant="outline">
              <Link to={`${base}/new`}>Open a ticket</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Your tickets">
            {rows.map((t) => (
              <li key={t.id}>
                <Link to={`${base}/${t.id}`} className="block rounded-lg border bg-card p-4 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid min-w-0 gap-0.5">
                      <span className="break-words font-semibold">{t.subject}</span>
                      <span className="text-sm text-muted-foreground">
                        {t.number} · {categoryLabel(t.category)}
                        {t.link ? ` · ${t.link.label}` : ''}
                      </span>
                    </div>
                    <StatusBadge status={t.status} />
                  </div>
                  <p className="mt-2 text-xs text-muted-foreground">Updated {dateTime.format(new Date(t.updated_at))}</p>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            hasMore={Boolean(list.hasNextPage)}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
            noun={['ticket', 'tickets']}
          />
        </>
      )}
    </div>
  );
}

function FaqSearch({ q }: { q: string }) {
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(q.trim()), 300);
    return () => window.clearTimeout(t);
  }, [q]);
  const faqs = useQuery({ queryKey: supportKeys.faqs(debounced), queryFn: () => supportApi.faqs(debounced), enabled: debounced.length >= 3 });
  if (debounced.length < 3) return null;
  return (
    <section aria-labelledby="faq-hits" className="grid gap-2">
      <h2 id="faq-hits" className="text-sm font-semibold">
        Answers that may help
      </h2>
      {faqs.isLoading ? (
        <Skeleton className="h-16 w-full" />
      ) : faqs.error ? (
        <p className="text-sm text-muted-foreground">Could not search the FAQs just now.</p>
      ) : !faqs.data?.length ? (
        <p className="text-sm text-muted-foreground">No FAQ matches. Tell us below and we will help.</p>
      ) : (
        <Accordion type="single" collapsible className="rounded-lg border bg-card px-4">
          {faqs.data.slice(0, 5).map((f, i, all) => (
            <AccordionItem key={f.id} value={f.id} className={i === all.length - 1 ? 'border-b-0' : undefined}>
              <AccordionTrigger>{f.question}</AccordionTrigger>
              <AccordionContent>{f.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </section>
  );
}

const NONE = 'none';

function NewTicket({ base, portal }: { base: string; portal: keyof typeof SUPPORT_PATHS }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [category, setCategory] = useState<Category>('order');
  const [priority, setPriority] = useState<Priority>('normal');
  const [link, setLink] = useState(NONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const items = useQuery({ queryKey: supportKeys.linkables, queryFn: supportApi.linkables });
  const create = useMutation({
    mutationFn: () => {
      const [kind, id] = link === NONE ? ['', ''] : link.split(':');
      return supportApi.create({ subject, body, category, priority, portal, ...(kind ? { link_kind: kind, link_id: id } : {}) });
    },
    onSuccess: (d) => {
      toast.success(`Ticket ${d.ticket.number} is open. We will reply here.`);
      void queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
      void navigate(`${base}/${d.ticket.id}`);
    },
    onError: (e) => {
      const f = (e as { fields?: Record<string, string> }).fields;
      if (f) setErrors(f);
      toast.error(errorMessage(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!subject.trim()) errs['subject'] = 'Say in a few words what it is about.';
    if (!body.trim()) errs['body'] = 'Tell us what happened.';
    setErrors(errs);
    if (Object.keys(errs).length === 0) create.mutate();
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Link to={base} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Your tickets
      </Link>
      <PageHeader title="New ticket" description="Start with a few words: the answer may already be in our FAQs." />
      <Card className="p-4 sm:p-6">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="t-subject">What is it about?</Label>
            <Input
              id="t-subject"
              value={subject}
              maxLength={150}
              onChange={(e) => setSubject(e.target.value)}
              aria-invalid={Boolean(errors['subject'])}
              aria-describedby={errors['subject'] ? 't-subject-err' : undefined}
              placeholder="For example: refund for a cancelled tour"
            />
            {errors['subject'] && (
              <p id="t-subject-err" className="text-sm text-destructive">
                {errors['subject']}
              </p>
            )}
          </div>
          <FaqSearch q={subject} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="t-category">Category</Label>
              <Select value={category} onValueChange={(v) => setCategory(v as Category)}>
                <SelectTrigger id="t-category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CATEGORIES.map((c) => (
                    <SelectItem key={c.value} value={c.value}>
                      {c.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="t-priority">How urgent is it?</Label>
              <Select value={priority} onValueChange={(v) => setPriority(v as Priority)}>
                <SelectTrigger id="t-priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PRIORITIES.map((p) => (
                    <SelectItem key={p.value} value={p.value}>
                      {p.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="t-link">About one of your items (optional)</Label>
            <Select value={link} onValueChange={setLink} disabled={items.isLoading}>
              <SelectTrigger id="t-link">
                <SelectValue placeholder={items.isLoading ? 'Loading your items…' : 'Nothing in particular'} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Nothing in particular</SelectItem>
                {(items.data ?? []).map((it) => (
                  <SelectItem key={`${it.kind}:${it.id}`} value={`${it.kind}:${it.id}`}>
                    {it.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {items.error && <p className="text-sm text-muted-foreground">Could not load your orders; you can still send the ticket.</p>}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="t-body">What happened?</Label>
            <Textarea
              id="t-body"
              rows={6}
              maxLength={5000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={Boolean(errors['body'])}
              aria-describedby={errors['body'] ? 't-body-err' : undefined}
            />
            {errors['body'] && (
              <p id="t-body-err" className="text-sm text-destructive">
                {errors['body']}
              </p>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              Send ticket
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function TicketView({ id, base }: { id: string; base: string }) {
  const queryClient = useQueryClient();
  const ticket = useQuery({ queryKey: supportKeys.ticket(id), queryFn: () => supportApi.ticket(id) });
  const [reply, setReply] = useState('');
  const done = (d: TicketDetail) => {
    queryClient.setQueryData(supportKeys.ticket(id), d);
    void queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
  };
  const send = useMutation({
    mutationFn: () => supportApi.reply(id, reply),
    onSuccess: (d) => {
      setReply('');
      done(d);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (ticket.isLoading)
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-3" aria-busy>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (ticket.error || !ticket.data)
    return (
      <div className="mx-auto w-full max-w-3xl">
        <ErrorState title="Could not load this ticket" error={ticket.error} onRetry={() => void ticket.refetch()} />
      </div>
    );
  const t = ticket.data.ticket;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Link to={base} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Your tickets
      </Link>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-semibold tracking-tight">{t.subject}</h1>
          <StatusBadge status={t.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {t.number} · {categoryLabel(t.category)} · opened {dateTime.format(new Date(t.created_at))}
          {t.link ? ` · ${t.link.label}` : ''}
        </p>
      </div>
      <Conversation messages={ticket.data.messages} />
      {canRate(t) && <RateTicket id={id} onDone={done} />}
      {t.rating != null && (
        <p className="text-sm text-muted-foreground">
          You rated this {t.rating} out of 5{t.rating_comment ? `: “${t.rating_comment}”` : '.'} Thank you.
        </p>
      )}
      {t.status === 'closed' ? (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm">
          This ticket is closed. If you still need help, <Link to={`${base}/new`} className="underline underline-offset-4">open a new ticket</Link>.
        </p>
      ) : (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reply.trim()) send.mutate();
          }}
        >
          <Label htmlFor="reply">{t.status === 'solved' ? 'Not solved after all? Reply to open it again' : 'Reply'}</Label>
          <Textarea id="reply" rows={4} maxLength={5000} value={reply} onChange={(e) => setReply(e.target.value)} />
          <div className="flex justify-end">
            <Button type="submit" loading={send.isPending} disabled={!reply.trim()}>
              Send reply
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function RateTicket({ id, onDone }: { id: string; onDone: (d: TicketDetail) => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useMutation({
    mutationFn: () => supportApi.rate(id, rating, comment),
    onSuccess: (d) => {
      toast.success('Thank you for your rating.');
      onDone(d);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Card className="grid gap-3 p-4">
      <fieldset className="grid gap-2">
        <legend className="font-semibold">How did we do?</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={`${n} out of 5`}
              aria-pressed={rating === n}
              onClick={() => setRating(n)}
              className="rounded p-1 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Star className={n <= rating ? 'size-6 fill-warning text-warning' : 'size-6 text-muted-foreground'} aria-hidden />
            </button>
          ))}
        </div>
      </fieldset>
      <Label htmlFor="rate-comment">Anything to add? (optional)</Label>
      <Textarea id="rate-comment" rows={2} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      <div className="flex justify-end">
        <Button onClick={() => rate.mutate()} disabled={rating === 0} loading={rate.isPending}>
          Send rating
        </Button>
      </div>
    </Card>
  );
}
