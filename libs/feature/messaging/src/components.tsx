import { useQuery } from '@tanstack/react-query';
import { useRealtimeEvent } from '@sojourn/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from '@sojourn/ui';
import { useEffect, useState } from 'react';
import { messagingApi, messagingKeys, type ChatMessage, type SubjectCard } from './api';
import { formatSize } from './logic';

/** The unread total as a small badge (the sidebar's Messages link shows it); live through realtime. */
export function MessagesUnreadBadge() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: messagingKeys.unread, queryFn: messagingApi.unread, staleTime: 15_000 });
  const refresh = () => void qc.invalidateQueries({ queryKey: messagingKeys.unread });
  useRealtimeEvent('message.new', refresh);
  useRealtimeEvent('message.read', refresh);
  const n = q.data?.total ?? 0;
  if (n === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" aria-label={`${n} unread`}>
      {n > 99 ? '99+' : n}
    </span>
  );
}

/** What a conversation is about, with its actions as links. */
export function SubjectCardView({ card }: { card: SubjectCard }) {
  return (
    <section aria-label="About" className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
      {card.image_url && <img src={card.image_url} alt="" className="size-12 rounded-md object-cover" />}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          <a href={card.link} className="hover:underline">{card.title}</a>
        </p>
        <p className="text-xs capitalize text-muted-foreground">{card.status.replaceAll('_', ' ')}</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {card.actions.map((a) => (
          <a key={a.label} href={a.link} className="rounded-md border bg-background px-2 py-1 text-xs font-medium hover:bg-muted">
            {a.label}
          </a>
        ))}
      </div>
    </section>
  );
}

/** An image or file sent in a conversation, fetched with the bearer token (members only) and shown from a blob. */
export function AttachmentView({ conversationId, m }: { conversationId: string; m: ChatMessage }) {
  const a = m.attachment;
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!a) return;
    let gone = false;
    let made: string | null = null;
    messagingApi
      .file(conversationId, a.id)
      .then((b) => {
        if (gone) return;
        made = URL.createObjectURL(new Blob([b], { type: a.content_type }));
        setUrl(made);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [conversationId, a]);
  if (!a) return null;
  if (failed) return <p className="text-xs italic">The attachment could not be loaded.</p>;
  if (a.kind === 'image') {
    return url ? (
      <img src={url} alt={a.name} width={a.width} height={a.height} className="max-h-64 w-auto max-w-full rounded-md" />
    ) : (
      <div className="h-32 w-48 animate-pulse rounded-md bg-muted" aria-label="Loading image" />
    );
  }
  return (
    <a href={url ?? undefined} download={a.name} className="inline-flex items-center gap-2 rounded-md border bg-background px-3 py-2 text-sm text-foreground underline-offset-2 hover:underline">
      📄 {a.name} <span className="text-xs text-muted-foreground">({formatSize(a.size)})</span>
    </a>
  );
}

export function PersonAvatar({ name, src }: { name: string; src: string }) {
  return <Avatar src={src || undefined} name={name} size="sm" />;
}
