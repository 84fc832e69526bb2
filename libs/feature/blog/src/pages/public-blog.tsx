import { Button, EmptyState, ErrorState, Input, Label, LoadMore, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cursorQuery } from '@sojourn/ui';
import { Newspaper, Rss } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { blogApi, blogKeys, type BlogCategory, type BlogPublicSummary } from '../api';
import { longDate } from '../logic';
import { publicPostHref } from '../paths';

function PostCard({ post, categories, featured = false }: { post: BlogPublicSummary; categories: BlogCategory[]; featured?: boolean }) {
  const cat = categories.find((c) => c.id === post.category_id);
  return (
    <article className={featured ? 'grid gap-4 overflow-hidden rounded-xl border md:grid-cols-2' : 'grid content-start gap-3 overflow-hidden rounded-xl border'}>
      {post.featured_image ? (
        <img src={post.featured_image} alt="" className={featured ? 'aspect-[16/10] h-full w-full object-cover' : 'aspect-[16/10] w-full object-cover'} loading={featured ? 'eager' : 'lazy'} />
      ) : (
        <div className="aspect-[16/10] w-full bg-muted" aria-hidden />
      )}
      <div className={featured ? 'grid content-center gap-3 p-5' : 'grid gap-2 px-4 pb-4'}>
        {cat && <span className="text-xs font-semibold uppercase tracking-wide text-primary">{cat.name}</span>}
        {featured ? (
          <h2 className="text-2xl font-semibold leading-tight md:text-3xl">
            <Link to={publicPostHref(post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h2>
        ) : (
          <h3 className="text-lg font-semibold leading-snug">
            <Link to={publicPostHref(post.slug)} className="hover:underline">
              {post.title}
            </Link>
          </h3>
        )}
        {post.excerpt && <p className="text-sm text-muted-foreground">{post.excerpt}</p>}
        <p className="text-xs text-muted-foreground">
          {post.author.name} · {longDate(post.published_at)} · {post.reading_minutes} min read
        </p>
      </div>
    </article>
  );
}

/** /user-blog: the public blog: the latest post featured, then the rest, by category and searchable ("Load more"). */
export default function PublicBlogPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const categories = useQuery({ queryKey: blogKeys.categories, queryFn: blogApi.categories });
  const posts = useInfiniteQuery(cursorQuery(blogKeys.published(category, q), (cursor) => blogApi.published(cursor, { category, q })));
  const rows = posts.data?.pages.flatMap((p) => p.data) ?? [];
  const cats = categories.data ?? [];
  const set = (c: string, text: string) => setParams({ ...(c ? { category: c } : {}), ...(text ? { q: text } : {}) }, { replace: true });
  const filtered = !!category || !!q;
  const [first, ...rest] = rows;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">The Sojourn blog</h1>
          <p className="max-w-2xl text-muted-foreground">Field notes, guides and interviews from the people who travel, cook, heal and guide with Sojourn.</p>
        </div>
        <a href="/blog/rss.xml" className="inline-flex items-center gap-1 text-sm text-primary underline">
          <Rss className="size-4" aria-hidden /> RSS feed
        </a>
      </header>
      <div className="grid gap-4">
        <form
          role="search"
          className="flex max-w-lg items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            set(category, draft.trim());
          }}
        >
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="blog-search">Search the blog</Label>
            <Input id="blog-search" type="search" value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <Button type="submit">Search</Button>
        </form>
        <nav aria-label="Categories" className="flex flex-wrap gap-2">
          <button type="button" aria-pressed={!category} onClick={() => set('', q)} className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground">
            All
          </button>
          {cats.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={category === c.slug}
              onClick={() => set(c.slug, q)}
              className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            >
              {c.name}
            </button>
          ))}
        </nav>
      </div>
      {posts.isPending ? (
        <Skeleton className="h-80" />
      ) : posts.isError ? (
        <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Newspaper className="size-6" />} title={filtered ? 'No posts match' : 'No posts yet'} description={filtered ? 'Try another category or search.' : 'Our writers are working on the first stories.'} />
      ) : (
        <>
          {first && !filtered && (
            <section aria-labelledby="featured-heading" className="grid gap-3">
              <h2 id="featured-heading" className="sr-only">
                Featured
              </h2>
              <PostCard post={first} categories={cats} featured />
            </section>
          )}
          <section aria-labelledby="latest-heading" className="grid gap-4">
            <h2 id="latest-heading" className="text-xl font-semibold">
              {filtered ? 'Posts' : 'Latest'}
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {(filtered ? rows : rest).map((p) => (
                <li key={p.id} className="grid">
                  <PostCard post={p} categories={cats} />
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} failed={posts.isFetchNextPageError} onLoadMore={() => void posts.fetchNextPage()} noun={['post', 'posts']} />
          </section>
        </>
      )}
    </div>
  );
}
