import { ApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Input, Label, PageHeader, Skeleton, TagInput, Textarea } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JSONContent } from '@tiptap/core';
import { History, Send } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { blogApi, blogKeys, type BlogPost, type BlogPostInput } from '../api';
import { StatusBadge } from '../components/bits';
import { RevisionsPanel } from '../components/revisions';
import { readingMinutes, SAVE_LABEL, SLUG_RE, type SaveState } from '../logic';
import { CMS_POSTS_PATH, cmsPostHref, publicPostHref } from '../paths';

const RichEditor = lazy(() => import('../components/rich-editor'));

type Fields = Omit<BlogPostInput, 'version' | 'body'>;
const EMPTY: Fields = { title: '', slug: '', excerpt: '', category_id: null, tags: [], featured_image: '', seo_title: '', seo_description: '', social_image: '' };
const EMPTY_DOC: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

function fieldsOf(p: BlogPost): Fields {
  return {
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    category_id: p.category_id,
    tags: p.tags,
    featured_image: p.featured_image,
    seo_title: p.seo_title,
    seo_description: p.seo_description,
    social_image: p.social_image,
  };
}

/** /blog-cms/blog/create and /blog-cms/blog/:id: the editor, saved as a new revision a moment after each change. */
export default function CmsEditorPage() {
  const { id } = useParams();
  const post = useQuery({ queryKey: blogKeys.post(id ?? ''), queryFn: () => blogApi.post(id ?? ''), enabled: !!id, staleTime: Infinity });
  if (id && post.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  if (id && post.isError)
    return (
      <div className="mx-auto w-full max-w-5xl">
        <ErrorState error={post.error} onRetry={() => void post.refetch()} />
      </div>
    );
  return <Editor key={id ?? 'new'} initial={post.data} />;
}

function Editor({ initial }: { initial: BlogPost | undefined }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: blogKeys.categories, queryFn: blogApi.categories });
  const [fields, setFields] = useState<Fields>(initial ? fieldsOf(initial) : EMPTY);
  const [doc, setDoc] = useState<JSONContent>((initial?.body as JSONContent | undefined) ?? EMPTY_DOC);
  const [text, setText] = useState('');
  const [post, setPost] = useState<BlogPost | undefined>(initial);
  const [save, setSave] = useState<SaveState>('saved');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showHistory, setShowHistory] = useState(false);
  const [submitError, setSubmitError] = useState('');
  const latest = useRef({ fields, doc });
  latest.current = { fields, doc };
  const version = useRef(initial?.version ?? 0);
  const postId = useRef(initial?.id);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const flush = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = (async () => {
      const { fields: f, doc: d } = latest.current;
      if (!f.title.trim()) {
        setErrors({ title: 'A title is needed before the post can be saved.' });
        setSave('dirty');
        return;
      }
      setSave('saving');
      const body: BlogPostInput = { ...f, slug: f.slug || undefined, version: version.current, body: d as BlogPostInput['body'] } as BlogPostInput;
      try {
        const saved = postId.current ? await blogApi.save(postId.current, body) : await blogApi.create(body);
        version.current = saved.version;
        setPost(saved);
        setErrors({});
        if (!postId.current) {
          postId.current = saved.id;
          client.setQueryData(blogKeys.post(saved.id), saved);
          void navigate(cmsPostHref(saved.id), { replace: true });
        }
        if (!fields.slug) setFields((x) => (x.slug ? x : { ...x, slug: saved.slug }));
        void client.invalidateQueries({ queryKey: ['blog', 'mine'] });
        void client.invalidateQueries({ queryKey: blogKeys.revisions(saved.id) });
        setSave(again.current ? 'dirty' : 'saved');
      } catch (e) {
        if (e instanceof ApiError && e.status === 409 && e.message.includes('saved elsewhere')) setSave('conflict');
        else {
          if (e instanceof ApiError && e.status === 409) setErrors({ slug: e.message });
          if (e instanceof ApiError && e.status === 422) setErrors(e.fields);
          setSave('error');
        }
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (again.current) {
      again.current = false;
      await flush();
    }
  }, [client, navigate, fields.slug]);

  // Autosave: a second and a half after the last change.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick === 0 || save === 'conflict') return;
    const t = setTimeout(() => void flush(), 1500);
    return () => clearTimeout(t);
  }, [tick, flush, save]);
  const touch = () => {
    if (save !== 'conflict') setSave('dirty');
    setTick((n) => n + 1);
  };
  const set = <K extends keyof Fields>(k: K, v: Fields[K]) => {
    setFields((x) => ({ ...x, [k]: v }));
    touch();
  };

  const submit = async () => {
    setSubmitError('');
    await flush();
    if (!postId.current) return;
    try {
      const p = await blogApi.submit(postId.current);
      setPost(p);
      void client.invalidateQueries({ queryKey: blogKeys.all });
    } catch (e) {
      setSubmitError(e instanceof Error ? e.message : 'Could not submit.');
    }
  };
  const restored = (p: BlogPost) => {
    version.current = p.version;
    setPost(p);
    setFields(fieldsOf(p));
    setDoc(p.body as JSONContent);
    setSave('saved');
    setEditorKey((k) => k + 1);
  };
  const [editorKey, setEditorKey] = useState(0);
  const minutes = readingMinutes(`${fields.title} ${text}`);
  const slugBad = fields.slug && !SLUG_RE.test(fields.slug) ? 'Lower-case letters, digits and single hyphens.' : errors['slug'];
  const err = (k: string) =>
    errors[k] ? (
      <p id={`${k}-error`} className="text-sm text-destructive">
        {errors[k]}
      </p>
    ) : null;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={post ? 'Edit post' : 'New post'}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {post && <StatusBadge status={post.status} />}
            <span role="status" aria-live="polite" data-testid="save-state" className={save === 'conflict' || save === 'error' ? 'text-destructive' : undefined}>
              {SAVE_LABEL[save]}
            </span>
            <span>· {minutes} min read</span>
            {post && <span>· revision {post.version}</span>}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to={CMS_POSTS_PATH}>All posts</Link>
            </Button>
            {post && (
              <Button variant="outline" onClick={() => setShowHistory((s) => !s)} aria-expanded={showHistory}>
                <History aria-hidden /> History
              </Button>
            )}
            <Button onClick={() => void submit()} disabled={!!post && post.status !== 'draft' && post.status !== 'unpublished'}>
              <Send aria-hidden /> Submit for review
            </Button>
          </div>
        }
      />
      {save === 'conflict' && (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          This post was saved in another tab or by someone else since you opened it. Your latest changes are not saved.{' '}
          <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
            Reload the latest version
          </button>
        </div>
      )}
      {submitError && (
        <p role="alert" className="text-sm text-destructive">
          {submitError}
        </p>
      )}
      {post?.live_revision != null && (
        <p className="text-sm text-muted-foreground">
          Readers see revision {post.live_revision}{' '}
          <a className="text-primary underline" href={publicPostHref(post.slug)} target="_blank" rel="noreferrer">
            (open the public page)
          </a>
          . Changes you make now go live once an editor approves them.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="post-title">Title</Label>
            <Input id="post-title" value={fields.title} maxLength={160} onChange={(e) => set('title', e.target.value)} aria-invalid={!!errors['title']} aria-describedby={errors['title'] ? 'title-error' : undefined} className="text-lg" />
            {err('title')}
          </div>
          <div className="grid gap-1.5">
            <span id="body-label" className="text-sm font-medium">
              Story
            </span>
            <Suspense fallback={<Skeleton className="h-80" />}>
              <RichEditor
                key={editorKey}
                value={doc}
                labelledBy="body-label"
                onChange={(d, t) => {
                  setDoc(d);
                  setText(t);
                  touch();
                }}
              />
            </Suspense>
            {err('body')}
          </div>
          {post && post.comments.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-base">
                  Editorial notes
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="grid gap-3 text-sm">
                  {post.comments.map((c) => (
                    <li key={c.id} className="grid gap-0.5">
                      <span className="text-xs text-muted-foreground">
                        {c.author.name} · {new Date(c.created_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                      </span>
                      <span className={c.kind === 'changes_requested' ? 'font-medium text-amber-800 dark:text-amber-200' : undefined}>{c.body}</span>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          )}
          {showHistory && post && <RevisionsPanel post={post} version={version.current} onRestored={restored} />}
        </div>
        <aside className="grid content-start gap-4" aria-label="Post settings">
          <div className="grid gap-1.5">
            <Label htmlFor="post-slug">Slug</Label>
            <Input id="post-slug" value={fields.slug ?? ''} maxLength={100} onChange={(e) => set('slug', e.target.value.toLowerCase())} aria-invalid={!!slugBad} aria-describedby="slug-help" />
            <p id="slug-help" className={slugBad ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
              {slugBad || `/blog/${fields.slug || '…'}`}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="post-excerpt">Excerpt</Label>
            <Textarea id="post-excerpt" rows={3} maxLength={400} value={fields.excerpt ?? ''} onChange={(e) => set('excerpt', e.target.value)} />
            {err('excerpt')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="post-category">Category</Label>
            <select
              id="post-category"
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={fields.category_id ?? ''}
              onChange={(e) => set('category_id', e.target.value || null)}
            >
              <option value="">No category</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="post-tags">Tags</Label>
            <TagInput id="post-tags" value={fields.tags ?? []} onChange={(t) => set('tags', t)} max={10} placeholder="Add a tag" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="post-featured">Featured image</Label>
            <Input id="post-featured" value={fields.featured_image ?? ''} placeholder="/media/…" onChange={(e) => set('featured_image', e.target.value)} />
            {err('featured_image')}
            {fields.featured_image && /^(\/media\/|https:\/\/)/.test(fields.featured_image) && <img src={fields.featured_image} alt="" className="aspect-video w-full rounded-md object-cover" />}
          </div>
          <fieldset className="grid gap-3 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Search and sharing</legend>
            <div className="grid gap-1.5">
              <Label htmlFor="post-seo-title">SEO title</Label>
              <Input id="post-seo-title" maxLength={70} value={fields.seo_title ?? ''} onChange={(e) => set('seo_title', e.target.value)} />
              {err('seo_title')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-seo-description">SEO description</Label>
              <Textarea id="post-seo-description" rows={3} maxLength={200} value={fields.seo_description ?? ''} onChange={(e) => set('seo_description', e.target.value)} />
              {err('seo_description')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-social">Social image</Label>
              <Input id="post-social" value={fields.social_image ?? ''} placeholder="/media/…" onChange={(e) => set('social_image', e.target.value)} />
              {err('social_image')}
            </div>
          </fieldset>
        </aside>
      </div>
    </div>
  );
}
