import { Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Input, Label, PageHeader, Skeleton, Textarea } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { blogApi, blogKeys, type BlogPost } from '../api';
import { PROSE, StatusBadge } from '../components/bits';
import { localToISO } from '../logic';
import { ADMIN_BLOG_PATH, publicPostHref } from '../paths';

/** /admin-dashboard/blog/:id: one post as its editor sees it, with the editorial thread and the decisions. */
export default function AdminBlogPostPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: blogKeys.adminPost(id), queryFn: () => blogApi.adminPost(id) });
  if (q.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  if (q.isError)
    return (
      <div className="mx-auto w-full max-w-5xl">
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  return <Review post={q.data} />;
}

function Review({ post }: { post: BlogPost }) {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [when, setWhen] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<BlogPost>) => {
    setError('');
    setBusy(true);
    try {
      const p = await fn();
      client.setQueryData(blogKeys.adminPost(post.id), p);
      void client.invalidateQueries({ queryKey: ['blog', 'queue'] });
      setNote('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'That did not work.');
    } finally {
      setBusy(false);
    }
  };
  const inReview = post.status === 'in_review';
  const schedule = () => {
    const at = localToISO(when);
    if (!at) return setError('Choose the date and time to publish.');
    void act(() => blogApi.approve(post.id, post.version, at));
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={post.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={post.status} /> by {post.author.name} · revision {post.version} · {post.reading_minutes} min read
            {post.publish_at && <> · publishes {new Date(post.publish_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</>}
          </span>
        }
        actions={
          <Button variant="outline" asChild>
            <Link to={ADMIN_BLOG_PATH}>All posts</Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent className="grid gap-4 p-5">
            {post.featured_image && <img src={post.featured_image} alt="" className="aspect-[16/9] w-full rounded-lg object-cover" />}
            {post.excerpt && <p className="text-lg text-muted-foreground">{post.excerpt}</p>}
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: post.html }} />
            <dl className="grid gap-1 border-t pt-3 text-sm">
              <div>
                <dt className="inline font-medium">Address: </dt>
                <dd className="inline">/blog/{post.slug}</dd>
              </div>
              <div>
                <dt className="inline font-medium">SEO title: </dt>
                <dd className="inline">{post.seo_title || '—'}</dd>
              </div>
              <div>
                <dt className="inline font-medium">SEO description: </dt>
                <dd className="inline">{post.seo_description || '—'}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <aside className="grid content-start gap-4" aria-label="Review">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                Decision
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="review-note">Note to the writer</Label>
                <Textarea id="review-note" rows={3} maxLength={4000} value={note} onChange={(e) => setNote(e.target.value)} />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" disabled={busy || !note.trim()} onClick={() => void act(() => blogApi.comment(post.id, note))}>
                  Comment
                </Button>
                {(inReview || post.status === 'scheduled') && (
                  <Button variant="outline" disabled={busy || !note.trim()} onClick={() => void act(() => blogApi.requestChanges(post.id, note))}>
                    Request changes
                  </Button>
                )}
              </div>
              {inReview && (
                <>
                  <Button disabled={busy} onClick={() => void act(() => blogApi.approve(post.id, post.version, null))}>
                    Approve and publish now
                  </Button>
                  <div className="grid gap-1.5">
                    <Label htmlFor="publish-at">Or publish at</Label>
                    <Input id="publish-at" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
                    <Button variant="secondary" disabled={busy} onClick={schedule}>
                      Approve and schedule
                    </Button>
                  </div>
                </>
              )}
              {(post.live_revision != null || post.status === 'scheduled') && (
                <Button variant="destructive" disabled={busy} onClick={() => void act(() => blogApi.unpublish(post.id, note))}>
                  Unpublish
                </Button>
              )}
              {post.live_revision != null && (
                <a href={publicPostHref(post.slug)} className="text-sm text-primary underline" target="_blank" rel="noreferrer">
                  Open the public page (revision {post.live_revision})
                </a>
              )}
              {error && (
                <p role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-base">
                Thread
              </CardTitle>
            </CardHeader>
            <CardContent>
              {post.comments.length === 0 ? (
                <p className="text-sm text-muted-foreground">No notes yet.</p>
              ) : (
                <ol className="grid gap-3 text-sm">
                  {post.comments.map((c) => (
                    <li key={c.id} className="grid gap-0.5">
                      <span className="text-xs text-muted-foreground">
                        {c.author.name} · {new Date(c.created_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                      </span>
                      <span>{c.body}</span>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
