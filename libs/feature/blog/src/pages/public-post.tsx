import { ApiError } from '@sojourn/api-client';
import { Avatar, EmptyState, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { blogApi, blogKeys } from '../api';
import { PROSE } from '../components/bits';
import { longDate, shareLinks } from '../logic';
import { PUBLIC_BLOG_PATH, publicPostHref } from '../paths';

/** /blog/:id and /user-blog/blog/:id: a published post by slug or id (the server also fills the page's head). */
export default function PublicPostPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: blogKeys.publicPost(id), queryFn: () => blogApi.publicPost(id), retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2 });
  const post = q.data;
  useEffect(() => {
    if (post) document.title = `${post.seo_title || post.title} · Sojourn`;
  }, [post]);
  if (q.isPending) return <Skeleton className="mx-auto my-8 h-96 w-full max-w-3xl" />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        {missing ? (
          <EmptyState
            icon={<FileQuestion className="size-6" />}
            title="This post is not here"
            description="It may have been moved or unpublished."
            action={
              <Link to={PUBLIC_BLOG_PATH} className="text-primary underline">
                Back to the blog
              </Link>
            }
          />
        ) : (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        )}
      </div>
    );
  }
  if (!post) return null;
  const url = `${window.location.origin}${publicPostHref(post.slug)}`;
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <Link to={PUBLIC_BLOG_PATH} className="inline-flex items-center gap-1 text-sm text-primary underline">
        <ArrowLeft className="size-4" aria-hidden /> The Sojourn blog
      </Link>
      <header className="grid gap-3">
        {post.category && (
          <Link to={`${PUBLIC_BLOG_PATH}?category=${encodeURIComponent(post.category.slug)}`} className="text-xs font-semibold uppercase tracking-wide text-primary">
            {post.category.name}
          </Link>
        )}
        <h1 className="text-3xl font-semibold leading-tight tracking-tight md:text-4xl">{post.title}</h1>
        {post.excerpt && <p className="text-lg text-muted-foreground">{post.excerpt}</p>}
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Avatar src={post.author.avatar_url} name={post.author.name} size="sm" />
          <span>
            <span className="font-medium text-foreground">{post.author.name}</span> · <time dateTime={post.published_at}>{longDate(post.published_at)}</time> · {post.reading_minutes} min read
          </span>
        </div>
      </header>
      {post.featured_image && <img src={post.featured_image} alt="" className="aspect-[16/9] w-full rounded-xl object-cover" />}
      {/* The server rendered this HTML from the validated document and sanitised it (bluemonday). */}
      <div className={PROSE} dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((t) => (
            <li key={t} className="rounded-full bg-muted px-3 py-1 text-xs">
              #{t}
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Share" className="flex flex-wrap gap-3 border-t pt-4 text-sm">
        {shareLinks(url, post.title).map((l) => (
          <a key={l.label} href={l.href} target="_blank" rel="noreferrer noopener" className="text-primary underline">
            {l.label}
          </a>
        ))}
      </nav>
      {post.related.length > 0 && (
        <section aria-labelledby="related-heading" className="grid gap-3 border-t pt-6">
          <h2 id="related-heading" className="text-xl font-semibold">
            Keep reading
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {post.related.map((r) => (
              <li key={r.id} className="grid content-start gap-2">
                {r.featured_image ? <img src={r.featured_image} alt="" className="aspect-[16/10] w-full rounded-lg object-cover" loading="lazy" /> : <div className="aspect-[16/10] rounded-lg bg-muted" aria-hidden />}
                <Link to={publicPostHref(r.slug)} className="font-medium hover:underline">
                  {r.title}
                </Link>
                <span className="text-xs text-muted-foreground">{r.reading_minutes} min read</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
