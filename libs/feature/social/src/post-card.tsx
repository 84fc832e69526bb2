import { errorMessage } from '@sojourn/api-client';
import { Avatar, Button, Card, CardContent, LoadMore, ReasonDialog, Textarea } from '@sojourn/ui';
import { cursorQuery } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Globe, Heart, Lock, MessageCircle, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FEED_PATH, personName, socialApi, socialKeys, when, type SocialComment, type SocialPost } from './api';

const AUDIENCE = {
  public: { icon: Globe, label: 'Everyone' },
  friends: { icon: Users, label: 'Friends' },
  only_me: { icon: Lock, label: 'Only me' },
} as const;

type Page = { data: SocialPost[]; meta: { next_cursor?: string | null } };

/** Updates a post wherever a cached list or the single post holds it. */
function usePatchPost() {
  const qc = useQueryClient();
  return (id: string, patch: Partial<SocialPost>) => {
    qc.setQueriesData<InfiniteData<Page>>({ queryKey: socialKeys.all }, (old) => {
      if (!old || !Array.isArray((old as InfiniteData<Page>).pages)) return old;
      return { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((x) => (x.id === id ? { ...x, ...patch } : x)) })) };
    });
  };
}

function Photos({ post }: { post: SocialPost }) {
  if (post.photos.length === 0) return null;
  const one = post.photos.length === 1;
  return (
    <div className={one ? '' : 'grid grid-cols-2 gap-1.5'}>
      {post.photos.map((ph, i) => (
        <a key={ph.url} href={ph.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg bg-muted">
          <img
            src={one ? ph.url : ph.thumb_url}
            alt={`${personName(post.author)}’s post, ${i + 1} of ${post.photos.length}`}
            loading="lazy"
            width={ph.width || undefined}
            height={ph.height || undefined}
            className={one ? 'max-h-[28rem] w-full object-cover' : 'aspect-square w-full object-cover'}
          />
        </a>
      ))}
    </div>
  );
}

function Comments({ post }: { post: SocialPost }) {
  const qc = useQueryClient();
  const patch = usePatchPost();
  const q = useInfiniteQuery(cursorQuery(socialKeys.comments(post.id), (c) => socialApi.comments(post.id, c)));
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => socialApi.addComment(post.id, text.trim()),
    onSuccess: () => {
      setText('');
      patch(post.id, { comment_count: post.comment_count + 1 });
      void qc.invalidateQueries({ queryKey: socialKeys.comments(post.id) });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (c: SocialComment) => socialApi.deleteComment(c.id),
    onSuccess: () => {
      patch(post.id, { comment_count: Math.max(0, post.comment_count - 1) });
      void qc.invalidateQueries({ queryKey: socialKeys.comments(post.id) });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const inputId = `comment-${post.id}`;
  return (
    <div className="grid gap-3 border-t pt-3">
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Write a comment on {personName(post.author)}’s post
        </label>
        <Textarea id={inputId} rows={1} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} placeholder="Write a comment…" className="min-h-10 flex-1" />
        <Button type="submit" size="sm" loading={add.isPending} disabled={!text.trim()}>
          Comment
        </Button>
      </form>
      {q.isPending ? (
        <p className="text-sm text-muted-foreground">Loading comments…</p>
      ) : q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The comments did not load. <button type="button" className="underline" onClick={() => void q.refetch()}>Try again</button>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Comments">
          {rows.map((c) => (
            <li key={c.id} className="flex gap-2">
              <Avatar src={c.author.avatar_url || null} name={personName(c.author)} size="sm" />
              <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">{personName(c.author)}</span>
                  <span className="text-xs text-muted-foreground">{when(c.created_at)}</span>
                </p>
                <p className="whitespace-pre-wrap break-words">{c.body}</p>
              </div>
              {(c.mine || post.mine) && (
                <Button size="icon" variant="ghost" className="size-8" aria-label="Delete this comment" onClick={() => remove.mutate(c)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 && q.hasNextPage && (
        <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['comment', 'comments']} />
      )}
    </div>
  );
}

/** One post: author, audience, text, photos, likes, comments, and report or delete. */
export function PostCard({ post }: { post: SocialPost }) {
  const qc = useQueryClient();
  const patch = usePatchPost();
  const [open, setOpen] = useState(false);
  const like = useMutation({
    mutationFn: () => (post.liked_by_me ? socialApi.unlike(post.id) : socialApi.like(post.id)),
    onMutate: () => patch(post.id, { liked_by_me: !post.liked_by_me, like_count: post.like_count + (post.liked_by_me ? -1 : 1) }),
    onSuccess: (r) => patch(post.id, r),
    onError: (e) => {
      patch(post.id, { liked_by_me: post.liked_by_me, like_count: post.like_count });
      toast.error(errorMessage(e));
    },
  });
  const remove = useMutation({
    mutationFn: () => socialApi.deletePost(post.id),
    onSuccess: () => {
      toast.success('Your post is deleted.');
      void qc.invalidateQueries({ queryKey: socialKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const A = AUDIENCE[post.audience];
  const name = personName(post.author);
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5" data-testid="post">
        <div className="flex items-center gap-3">
          <Avatar src={post.author.avatar_url || null} name={name} />
          <div className="min-w-0 flex-1">
            <Link to={`${FEED_PATH}?person=${encodeURIComponent(post.author.id)}`} className="font-medium hover:underline">
              {name}
            </Link>
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <time dateTime={post.created_at}>{when(post.created_at)}</time>
              <span aria-hidden>·</span>
              <A.icon className="size-3.5" aria-hidden />
              <span>{A.label}</span>
            </p>
          </div>
          {post.mine ? (
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm('Delete this post with its photos, likes and comments?')) remove.mutate();
              }}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          ) : (
            <ReasonDialog
              triggerLabel="Report"
              triggerVariant="ghost"
              triggerSize="sm"
              title="Report this post?"
              description="Tell our moderators what is wrong with it. The author is not told who reported it."
              confirmLabel="Report"
              onConfirm={(reason) => socialApi.report(post.id, reason)}
              onDone={() => toast.success('Thanks: a moderator will look at this post.')}
            />
          )}
        </div>
        <p className="whitespace-pre-wrap break-words">{post.body}</p>
        <Photos post={post} />
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant={post.liked_by_me ? 'secondary' : 'ghost'} aria-pressed={post.liked_by_me} onClick={() => like.mutate()} disabled={like.isPending}>
            <Heart className={post.liked_by_me ? 'size-4 fill-current text-primary' : 'size-4'} aria-hidden />
            <span>
              {post.like_count} <span className="sr-only">likes, </span>
              {post.liked_by_me ? 'Liked' : 'Like'}
            </span>
          </Button>
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <MessageCircle className="size-4" aria-hidden /> {post.comment_count} {post.comment_count === 1 ? 'comment' : 'comments'}
          </Button>
        </div>
        {open && <Comments post={post} />}
      </CardContent>
    </Card>
  );
}
