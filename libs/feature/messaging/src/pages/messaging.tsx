import { errorMessage } from '@sojourn/api-client';
import { sendFrame, useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { useAuthStore, useChatStore } from '@sojourn/session';
import { Button, EmptyState, ErrorState, Input, ReasonDialog, Spinner, Textarea, cursorQuery } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare, Paperclip, Search, Send } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { messagingApi, messagingKeys, type ChatMessage, type Conversation } from '../api';
import { AttachmentView, PersonAvatar, SubjectCardView } from '../components';
import { canChange, conversationName, fetchMissed, mergeMessages, presenceLabel, receiptLabel, startParams, typingThrottle } from '../logic';

const QUICK_REACTIONS = ['👍', '❤️', '😂', '🙏'];

/** /messaging (and each provider portal's messages page): the conversation list and the open conversation (`?c=`). */
export default function MessagingPage() {
  const me = useAuthStore((s) => s.userId);
  const [params, setParams] = useSearchParams();
  const open = params.get('c');
  const start = useMemo(() => startParams(params), [params]);
  const qc = useQueryClient();
  const [startError, setStartError] = useState<unknown>(null);

  // ?to=<user>&about=<type>:<id>: find or start the conversation, then select it.
  useEffect(() => {
    if (!start) return;
    let gone = false;
    messagingApi
      .start(start.to, start.about)
      .then((c) => {
        if (gone) return;
        void qc.invalidateQueries({ queryKey: messagingKeys.list });
        setParams({ c: c.id }, { replace: true });
      })
      .catch((e) => !gone && setStartError(e));
    return () => {
      gone = true;
    };
  }, [start, qc, setParams]);

  // The open conversation is the user state's chat room id: reopening messaging (no ?c=, nothing to start) returns
  // to it; closing a conversation clears it.
  const chatRoomId = useChatStore((s) => s.chatRoomId);
  const setChatRoomId = useChatStore((s) => s.setChatRoomId);
  useEffect(() => {
    if (open) setChatRoomId(open);
    else if (!start && chatRoomId) setParams({ c: chatRoomId }, { replace: true });
    // Only on a change of the address: the stored id is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, start]);
  const select = (id: string | null) => {
    if (!id) setChatRoomId(null);
    setParams(id ? { c: id } : {});
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-semibold">Messages</h1>
      {startError != null && <ErrorState title="This conversation could not be started" error={startError} />}
      <div className="grid h-[calc(100dvh-12rem)] min-h-[28rem] grid-cols-1 overflow-hidden rounded-xl border bg-card lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={cn('min-h-0 flex-col border-r', open ? 'hidden lg:flex' : 'flex')}>
          <ConversationList me={me} open={open} onSelect={select} />
        </div>
        <div className={cn('min-h-0 flex-col', open ? 'flex' : 'hidden lg:flex')}>
          {open ? (
            <ConversationPane key={open} id={open} me={me} onBack={() => select(null)} />
          ) : (
            <div className="m-auto p-6">
              <EmptyState title="Choose a conversation" description="Pick a conversation on the left, or message someone from a tour, a product or an order." icon={<MessageSquare className="size-6" />} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function ConversationList({ me, open, onSelect }: { me: string | null; open: string | null; onSelect: (id: string) => void }) {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  const list = useInfiniteQuery(cursorQuery(messagingKeys.list, (cursor) => messagingApi.conversations(cursor)));
  const found = useQuery({ queryKey: messagingKeys.search(term), queryFn: () => messagingApi.search(term), enabled: term.length > 0 });
  const refresh = () => void qc.invalidateQueries({ queryKey: messagingKeys.list });
  useRealtimeEvent('message.new', refresh);
  useRealtimeEvent('conversation.updated', refresh);
  useRealtimeEvent('message.read', refresh);
  useOnResume(refresh);
  const convs = list.data?.pages.flatMap((p) => p.data) ?? [];
  const names = new Map(convs.map((c) => [c.id, conversationName(c, me)]));
  const searchId = useId();

  return (
    <>
      <form
        role="search"
        className="flex gap-2 border-b p-3"
        onSubmit={(e) => {
          e.preventDefault();
          setTerm(q.trim());
        }}
      >
        <label htmlFor={searchId} className="sr-only">Search messages</label>
        <Input id={searchId} value={q} maxLength={200} placeholder="Search messages" onChange={(e) => {
          setQ(e.target.value);
          if (!e.target.value) setTerm('');
        }} />
        <Button type="submit" variant="outline" size="icon" aria-label="Search"><Search className="size-4" aria-hidden /></Button>
      </form>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {term ? (
          found.isPending ? <Spinner label="Searching" /> : found.isError ? <ErrorState error={found.error} onRetry={() => void found.refetch()} /> :
          found.data.data.length === 0 ? <p className="p-4 text-sm text-muted-foreground">No messages match “{term}”.</p> : (
            <ul aria-label="Search results" className="divide-y">
              {found.data.data.map((m) => (
                <li key={m.id}>
                  <button type="button" className="w-full p-3 text-left hover:bg-muted" onClick={() => onSelect(m.conversation_id)}>
                    <p className="text-xs font-medium text-muted-foreground">{names.get(m.conversation_id) ?? 'Conversation'} · {new Date(m.sent_at).toLocaleString()}</p>
                    <p className="line-clamp-2 text-sm">{m.body}</p>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : list.isPending ? (
          <div className="p-6"><Spinner label="Loading conversations" /></div>
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : convs.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">No conversations yet. Message a guide from a tour page, or a seller from a product.</p>
        ) : (
          <ul aria-label="Conversations" className="divide-y">
            {convs.map((c) => <ConversationRow key={c.id} c={c} me={me} active={c.id === open} onSelect={onSelect} />)}
            {list.hasNextPage && (
              <li className="p-3 text-center">
                <Button variant="outline" size="sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Load more</Button>
              </li>
            )}
          </ul>
        )}
      </div>
      <ReceiptSetting />
    </>
  );
}

function ConversationRow({ c, me, active, onSelect }: { c: Conversation; me: string | null; active: boolean; onSelect: (id: string) => void }) {
  const other = c.kind === 'direct' ? c.members.find((p) => p.id !== me) : undefined;
  const name = conversationName(c, me);
  const last = c.last_message;
  return (
    <li>
      <button type="button" aria-current={active ? 'true' : undefined} onClick={() => onSelect(c.id)}
        className={cn('flex w-full items-center gap-3 p-3 text-left hover:bg-muted', active && 'bg-accent')}>
        <span className="relative">
          <PersonAvatar name={name} src={other?.avatar_url ?? ''} />
          {other?.online && <span className="absolute -bottom-0.5 -right-0.5 size-3 rounded-full border-2 border-card bg-green-600" aria-label="Online" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm', c.unread > 0 ? 'font-bold' : 'font-medium')}>{name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{new Date(c.updated_at).toLocaleDateString()}</span>
          </span>
          {c.subject && <span className="block truncate text-xs text-muted-foreground">About: {c.subject.title}</span>}
          <span className="flex items-center gap-2">
            <span className="truncate text-sm text-muted-foreground">
              {last ? (last.deleted ? 'Message deleted' : last.body || (last.attachment ? `📎 ${last.attachment.name}` : '')) : 'No messages yet'}
            </span>
            {c.unread > 0 && (
              <span className="ml-auto shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" aria-label={`${c.unread} unread`}>
                {c.unread}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

function ReceiptSetting() {
  const qc = useQueryClient();
  const s = useQuery({ queryKey: messagingKeys.settings, queryFn: messagingApi.settings });
  const put = useMutation({
    mutationFn: messagingApi.putSettings,
    onSuccess: (d) => qc.setQueryData(messagingKeys.settings, d),
    onError: (e) => toast.error(errorMessage(e)),
  });
  const id = useId();
  if (!s.data) return null;
  return (
    <div className="flex items-center gap-2 border-t p-3 text-sm">
      <input id={id} type="checkbox" className="size-4" checked={s.data.send_receipts} disabled={put.isPending} onChange={(e) => put.mutate(e.target.checked)} />
      <label htmlFor={id}>Send read receipts</label>
    </div>
  );
}

function ConversationPane({ id, me, onBack }: { id: string; me: string | null; onBack: () => void }) {
  const qc = useQueryClient();
  const conv = useQuery({ queryKey: messagingKeys.conversation(id), queryFn: () => messagingApi.conversation(id) });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [older, setOlder] = useState<string | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const latest = useRef<ChatMessage[]>([]);
  latest.current = messages;

  const loadLatest = useCallback(async () => {
    try {
      const r = await messagingApi.messages(id);
      setMessages((cur) => mergeMessages(cur, [...r.data].reverse()));
      setOlder((o) => (latest.current.length === 0 || o === null ? (r.meta.next_cursor ?? null) : o));
      setLoadState('ready');
    } catch (e) {
      setLoadError(e);
      setLoadState('error');
    }
  }, [id]);
  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  const refreshConv = useCallback(() => {
    void qc.invalidateQueries({ queryKey: messagingKeys.conversation(id) });
    void qc.invalidateQueries({ queryKey: messagingKeys.list });
    void qc.invalidateQueries({ queryKey: messagingKeys.unread });
  }, [qc, id]);

  useRealtimeEvent('message.new', (d) => {
    const m = d as ChatMessage;
    if (m?.conversation_id === id) setMessages((cur) => mergeMessages(cur, [m]));
  });
  useRealtimeEvent('message.updated', (d) => {
    if ((d as { conversation_id?: string })?.conversation_id === id) void loadLatest();
  });
  useRealtimeEvent('message.read', (d) => {
    if ((d as { conversation_id?: string })?.conversation_id === id) void qc.invalidateQueries({ queryKey: messagingKeys.conversation(id) });
  });
  useRealtimeEvent('typing', (d) => {
    const t = d as { conversation_id?: string; user_id?: string };
    if (t?.conversation_id === id && t.user_id && t.user_id !== me) setTyping(t.user_id);
  });
  useEffect(() => {
    if (!typing) return;
    const h = setTimeout(() => setTyping(null), 4000);
    return () => clearTimeout(h);
  }, [typing]);
  // After a reconnect: everything sent meanwhile, once and in order.
  useOnResume(() => {
    const last = latest.current[latest.current.length - 1];
    if (!last) {
      void loadLatest();
    } else {
      void fetchMissed(last.id, (after) => messagingApi.after(id, after)).then((ms) => setMessages((cur) => mergeMessages(cur, ms)));
    }
    refreshConv();
  });

  // Reading: the newest message of someone else marks the conversation read while the page is visible.
  const mine = conv.data?.members.find((p) => p.id === me);
  const newest = messages[messages.length - 1];
  const readUpTo = useRef(0);
  useEffect(() => {
    if (!newest || newest.sender_id === me || newest.seq <= readUpTo.current) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    readUpTo.current = newest.seq;
    messagingApi.read(id, newest.id).then(refreshConv, () => undefined);
  }, [newest, me, id, refreshConv, mine]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const loadOlder = async () => {
    if (!older) return;
    try {
      const r = await messagingApi.messages(id, older);
      setMessages((cur) => mergeMessages(cur, r.data));
      setOlder(r.meta.next_cursor ?? null);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  if (conv.isError) {
    return (
      <div className="m-auto grid justify-items-center gap-3 p-6">
        <ErrorState title="This conversation is not available" error={conv.error} onRetry={() => void conv.refetch()} />
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden /> All conversations
        </Button>
      </div>
    );
  }
  if (conv.isPending) return <div className="m-auto p-6"><Spinner label="Loading the conversation" /></div>;
  const c = conv.data;
  const name = conversationName(c, me);
  const other = c.kind === 'direct' ? c.members.find((p) => p.id !== me) : undefined;
  const people = new Map(c.members.map((p) => [p.id, p]));
  const presence = other ? presenceLabel(other, Date.now()) : `${c.members.length} members`;

  return (
    <>
      <header className="flex items-center gap-3 border-b p-3">
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Back to conversations" onClick={onBack}><ArrowLeft className="size-4" aria-hidden /></Button>
        <PersonAvatar name={name} src={other?.avatar_url ?? ''} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{name}</h2>
          {presence && <p className="text-xs text-muted-foreground">{presence}</p>}
        </div>
        {other && <BlockButton userId={other.id} name={other.display_name} />}
      </header>
      {c.subject && <div className="border-b p-3"><SubjectCardView card={c.subject} /></div>}
      <div className="min-h-0 flex-1 overflow-y-auto p-3" aria-live="polite">
        {older && <div className="mb-3 text-center"><Button variant="outline" size="sm" onClick={() => void loadOlder()}>Earlier messages</Button></div>}
        {loadState === 'loading' ? <Spinner label="Loading messages" /> : loadState === 'error' ? (
          <ErrorState error={loadError} onRetry={() => void loadLatest()} />
        ) : messages.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">No messages yet. Say hello.</p>
        ) : (
          <ol aria-label="Messages" className="grid gap-3">
            {messages.map((m) => (
              <MessageItem key={m.id} m={m} c={c} me={me} senderName={people.get(m.sender_id)?.display_name ?? 'Former member'}
                onEdit={() => setEditing(m)} onChanged={(n) => setMessages((cur) => mergeMessages(cur, [n]))} />
            ))}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      <p className="h-5 px-4 text-xs text-muted-foreground" aria-live="polite">{typing ? `${people.get(typing)?.display_name ?? 'Someone'} is typing…` : ''}</p>
      <Composer id={id} editing={editing} onDoneEditing={() => setEditing(null)} onSent={(m) => {
        setMessages((cur) => mergeMessages(cur, [m]));
        void qc.invalidateQueries({ queryKey: messagingKeys.list });
      }} />
    </>
  );
}

function MessageItem({ m, c, me, senderName, onEdit, onChanged }: {
  m: ChatMessage; c: Conversation; me: string | null; senderName: string; onEdit: () => void; onChanged: (m: ChatMessage) => void;
}) {
  const own = m.sender_id === me;
  const receipt = receiptLabel(m, c, me);
  const changeable = canChange(m, me, Date.now());
  const react = useMutation({
    mutationFn: ({ emoji, remove }: { emoji: string; remove: boolean }) => messagingApi.react(c.id, m.id, emoji, remove),
    onSuccess: onChanged,
    onError: (e) => toast.error(errorMessage(e)),
  });
  const del = useMutation({ mutationFn: () => messagingApi.remove(c.id, m.id), onSuccess: onChanged, onError: (e) => toast.error(errorMessage(e)) });
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}>
      {!own && c.kind === 'group' && <span className="text-xs font-medium text-muted-foreground">{senderName}</span>}
      <div className={cn('max-w-[85%] rounded-2xl px-3 py-2 text-sm', own ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground')}>
        {m.deleted ? <em>Message deleted</em> : (
          <>
            {m.attachment && <AttachmentView conversationId={c.id} m={m} />}
            {m.body && <p className="whitespace-pre-wrap break-words">{m.body}</p>}
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
        <time dateTime={m.sent_at}>{new Date(m.sent_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
        {m.edited_at && !m.deleted && <span>· edited</span>}
        {receipt && <span data-testid="receipt">· {receipt}</span>}
      </div>
      {!m.deleted && (
        <div className="flex flex-wrap items-center gap-1">
          {m.reactions.map((r) => (
            <button key={r.emoji} type="button" aria-pressed={r.mine} aria-label={`${r.emoji} ${r.count}`} onClick={() => react.mutate({ emoji: r.emoji, remove: r.mine })}
              className={cn('rounded-full border px-2 py-0.5 text-xs', r.mine && 'border-primary bg-accent')}>
              {r.emoji} {r.count}
            </button>
          ))}
          {QUICK_REACTIONS.filter((e) => !m.reactions.some((r) => r.emoji === e)).map((e) => (
            <button key={e} type="button" aria-label={`React with ${e}`} onClick={() => react.mutate({ emoji: e, remove: false })}
              className="rounded-full px-1 text-xs opacity-60 hover:opacity-100 focus-visible:opacity-100">{e}</button>
          ))}
          {changeable && (
            <>
              {!m.attachment && <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={onEdit}>Edit</Button>}
              <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" disabled={del.isPending} onClick={() => del.mutate()}>Delete</Button>
            </>
          )}
          {!own && (
            <ReasonDialog triggerLabel="Report" triggerVariant="ghost" triggerSize="sm" title="Report this message"
              description="Tell the Sojourn team what is wrong with it. The sender is not told who reported it." noun="reason" max={1000}
              confirmLabel="Send report" onConfirm={(reason) => messagingApi.report(m.id, reason)} onDone={() => toast.success('Thank you. Our team will look at it.')} />
          )}
        </div>
      )}
    </li>
  );
}

function BlockButton({ userId, name }: { userId: string; name: string }) {
  const block = useMutation({
    mutationFn: () => messagingApi.block(userId),
    onSuccess: () => toast.success(`${name} is blocked. Neither of you can message the other.`),
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Button variant="outline" size="sm" disabled={block.isPending}
      onClick={() => window.confirm(`Block ${name}? Neither of you will be able to message the other.`) && block.mutate()}>
      Block
    </Button>
  );
}

function Composer({ id, editing, onDoneEditing, onSent }: { id: string; editing: ChatMessage | null; onDoneEditing: () => void; onSent: (m: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const throttle = useMemo(() => typingThrottle(3000), []);
  const textId = useId();
  useEffect(() => {
    if (editing) setText(editing.body);
  }, [editing]);
  const send = useMutation({
    mutationFn: async () => {
      const body = text.trim();
      if (editing) return messagingApi.edit(id, editing.id, body);
      if (file) return messagingApi.attach(id, file, body);
      return messagingApi.send(id, body);
    },
    onSuccess: (m) => {
      onSent(m);
      setText('');
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      if (editing) onDoneEditing();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const empty = !text.trim() && !file;
  return (
    <form className="grid gap-2 border-t p-3" onSubmit={(e) => {
      e.preventDefault();
      if (!empty) send.mutate();
    }}>
      {editing && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">Editing your message
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => {
            onDoneEditing();
            setText('');
          }}>Cancel</Button>
        </p>
      )}
      {file && (
        <p className="flex items-center gap-2 text-xs">📎 {file.name}
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => {
            setFile(null);
            if (fileRef.current) fileRef.current.value = '';
          }}>Remove</Button>
        </p>
      )}
      <div className="flex items-end gap-2">
        {!editing && (
          <>
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/gif,image/webp,application/pdf" className="sr-only" id={`${textId}-file`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            <label htmlFor={`${textId}-file`} className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md border hover:bg-muted" title="Attach an image or a PDF">
              <Paperclip className="size-4" aria-hidden /><span className="sr-only">Attach an image or a PDF</span>
            </label>
          </>
        )}
        <label htmlFor={textId} className="sr-only">Message</label>
        <Textarea id={textId} rows={1} maxLength={4000} value={text} placeholder="Write a message" className="max-h-40 min-h-9 flex-1 resize-none"
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value && throttle(Date.now())) sendFrame('typing', { conversation_id: id });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              if (!empty && !send.isPending) send.mutate();
            }
          }} />
        <Button type="submit" size="icon" aria-label={editing ? 'Save' : 'Send'} disabled={empty || send.isPending}><Send className="size-4" aria-hidden /></Button>
      </div>
    </form>
  );
}
