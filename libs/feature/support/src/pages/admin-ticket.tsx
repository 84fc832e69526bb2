import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, Card, Checkbox, ErrorState, Label, ReasonDialog, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton, Textarea } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { supportApi, supportKeys, type TicketDetail, type TicketUpdate } from '../api';
import { Conversation, StatusBadge, dateTime } from '../components';
import { ADMIN_STATUS_LABEL, PRIORITIES, categoryLabel, nextStatuses, slaSummary, type TicketStatus } from '../logic';
import { ADMIN_SUPPORT_PATH } from '../paths';

const NOBODY = 'nobody';

export default function SupportTicketPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useQuery({ queryKey: supportKeys.adminTicket(id), queryFn: () => supportApi.adminTicket(id) });
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: supportApi.canned, staleTime: 60_000 });
  const admins = useQuery({ queryKey: supportKeys.admins, queryFn: supportApi.admins, staleTime: 60_000 });
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [cannedId, setCannedId] = useState('');
  const actionKey = useRef(newIdempotencyKey());
  const done = (d: TicketDetail) => {
    queryClient.setQueryData(supportKeys.adminTicket(id), d);
    void queryClient.invalidateQueries({ queryKey: [...supportKeys.admin, 'queue'] });
  };
  const reply = useMutation({
    mutationFn: () => supportApi.adminReply(id, body, internal),
    onSuccess: (d) => {
      toast.success(internal ? 'Note added.' : 'Reply sent.');
      setBody('');
      setCannedId('');
      setInternal(false);
      done(d);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const update = useMutation({
    mutationFn: (u: TicketUpdate) => supportApi.update(id, u),
    onSuccess: (d) => {
      toast.success('Ticket updated.');
      done(d);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const action = useMutation({
    mutationFn: ({ name, reason }: { name: string; reason: string }) => supportApi.action(id, name, actionKey.current, reason),
    onSuccess: (d) => {
      actionKey.current = newIdempotencyKey();
      toast.success('Done. The action is noted on the ticket.');
      done(d);
    },
  });

  if (ticket.isLoading)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-3" aria-busy>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (ticket.error || !ticket.data)
    return (
      <div className="mx-auto w-full max-w-6xl">
        <ErrorState title="Could not load this ticket" error={ticket.error} onRetry={() => void ticket.refetch()} />
      </div>
    );
  const t = ticket.data.ticket;
  const sla = slaSummary(t, new Date());
  const actions = ticket.data.actions ?? [];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <Link to={ADMIN_SUPPORT_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Support queue
      </Link>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-semibold tracking-tight">{t.subject}</h1>
          <StatusBadge status={t.status} labels={ADMIN_STATUS_LABEL} />
          <Badge variant={t.priority === 'urgent' || t.priority === 'high' ? 'destructive' : 'outline'}>{t.priority}</Badge>
        </div>
        <p className="break-words text-sm text-muted-foreground">
          {t.number} · {t.requester.name}
          {t.requester.email ? ` <${t.requester.email}>` : ''} · {categoryLabel(t.category)} · {t.portal === 'contact' ? 'contact form' : `${t.portal} portal`} · opened{' '}
          {dateTime.format(new Date(t.created_at))}
        </p>
        {sla.text && (
          <p className={`inline-flex items-center gap-1 text-sm ${sla.tone === 'breached' ? 'font-semibold text-destructive' : 'text-muted-foreground'}`}>
            {sla.tone === 'breached' && <AlertTriangle className="size-4" aria-hidden />}
            {sla.text}
          </p>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <Conversation messages={ticket.data.messages} staffView />
          {t.status !== 'closed' && (
            <Card className="grid gap-3 p-4">
              {(canned.data?.length ?? 0) > 0 && (
                <div className="grid gap-1.5">
                  <Label htmlFor="canned">Canned reply</Label>
                  <Select
                    value={cannedId}
                    onValueChange={(v) => {
                      setCannedId(v);
                      const c = canned.data?.find((x) => x.id === v);
                      if (c) setBody(c.body);
                    }}
                  >
                    <SelectTrigger id="canned">
                      <SelectValue placeholder="Choose one to fill the reply" />
                    </SelectTrigger>
                    <SelectContent>
                      {canned.data?.map((c) => (
                        <SelectItem key={c.id} value={c.id}>
                          {c.title}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              )}
              <Label htmlFor="admin-reply">{internal ? 'Internal note (only admins see it)' : `Reply to ${t.requester.name || 'the requester'}`}</Label>
              <Textarea id="admin-reply" rows={5} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex items-center gap-2">
                  <Checkbox id="internal" checked={internal} onCheckedChange={(c) => setInternal(c === true)} />
                  <Label htmlFor="internal">Internal note</Label>
                </div>
                <Button onClick={() => reply.mutate()} disabled={!body.trim()} loading={reply.isPending}>
                  {internal ? 'Add note' : 'Send reply'}
                </Button>
              </div>
            </Card>
          )}
        </div>
        <aside className="grid content-start gap-4" aria-label="Ticket details">
          <Card className="grid gap-3 p-4">
            <h2 className="font-semibold">Ticket</h2>
            <div className="grid gap-1.5">
              <Label htmlFor="status">Status</Label>
              <Select value={t.status} onValueChange={(v) => update.mutate({ status: v as TicketStatus })} disabled={t.status === 'closed'}>
                <SelectTrigger id="status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[t.status as TicketStatus, ...nextStatuses(t.status as TicketStatus)].map((s) => (
                    <SelectItem key={s} value={s}>
                      {ADMIN_STATUS_LABEL[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="priority">Priority</Label>
              <Select value={t.priority} onValueChange={(v) => update.mutate({ priority: v as TicketUpdate['priority'] })}>
                <SelectTrigger id="priority">
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
            <div className="grid gap-1.5">
              <Label htmlFor="assignee">Assignee</Label>
              <Select value={t.assignee?.id ?? NOBODY} onValueChange={(v) => update.mutate({ assignee_id: v === NOBODY ? '' : v })}>
                <SelectTrigger id="assignee">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NOBODY}>Unassigned</SelectItem>
                  {t.assignee && !admins.data?.some((a) => a.id === t.assignee?.id) && <SelectItem value={t.assignee.id}>{t.assignee.name}</SelectItem>}
                  {(admins.data ?? []).map((a) => (
                    <SelectItem key={a.id} value={a.id}>
                      {a.username}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {t.rating != null && (
              <p className="text-sm">
                Rated <strong>{t.rating}/5</strong>
                {t.rating_comment ? `: “${t.rating_comment}”` : ''}
              </p>
            )}
          </Card>
          <Card className="grid gap-3 p-4">
            <h2 className="font-semibold">About</h2>
            {t.link ? <p className="break-words text-sm">{t.link.label}</p> : <p className="text-sm text-muted-foreground">Not linked to an item.</p>}
            {actions.map((a) => (
              <ReasonDialog
                key={a.name}
                triggerLabel={a.label}
                title={a.label}
                description={`This runs on ${t.link?.label ?? 'the linked item'} through its own service and is written to the audit log. The reason is noted on the ticket.`}
                confirmLabel="Confirm"
                onConfirm={(reason) => action.mutateAsync({ name: a.name, reason })}
              />
            ))}
            {t.link && actions.length === 0 && <p className="text-xs text-muted-foreground">No action applies to it now.</p>}
          </Card>
        </aside>
      </div>
    </div>
  );
}
