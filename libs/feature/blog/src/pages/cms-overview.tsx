import { Button, Card, CardContent, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { blogApi, blogKeys } from '../api';
import { CMS_NEW_POST_PATH, CMS_POSTS_PATH } from '../paths';

/** /blog-cms: the writer's desk, counts of their posts by status and their views. */
export default function CmsOverviewPage() {
  const q = useQuery({ queryKey: blogKeys.overview, queryFn: blogApi.overview });
  const tiles = q.data
    ? [
        { label: 'Drafts', value: q.data.drafts, to: `${CMS_POSTS_PATH}?status=draft` },
        { label: 'In review', value: q.data.in_review, to: `${CMS_POSTS_PATH}?status=in_review` },
        { label: 'Scheduled', value: q.data.scheduled, to: `${CMS_POSTS_PATH}?status=scheduled` },
        { label: 'Published', value: q.data.published, to: `${CMS_POSTS_PATH}?status=published` },
        { label: 'Views', value: q.data.views, to: CMS_POSTS_PATH },
      ]
    : [];
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Your writing desk"
        description="Draft stories, send them to the editors and see how they are read."
        actions={
          <Button asChild>
            <Link to={CMS_NEW_POST_PATH}>
              <PenLine aria-hidden /> New post
            </Link>
          </Button>
        }
      />
      {q.isPending ? (
        <Skeleton className="h-28" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {tiles.map((t) => (
            <li key={t.label}>
              <Card>
                <CardContent className="p-4">
                  <Link to={t.to} className="grid gap-1 rounded-md focus-visible:outline-2">
                    <span className="text-sm text-muted-foreground">{t.label}</span>
                    <span className="text-3xl font-semibold tabular-nums">{t.value.toLocaleString('en-GB')}</span>
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.drafts + q.data.in_review + q.data.scheduled + q.data.published === 0 && (
        <p className="text-muted-foreground">
          You have not written anything yet. <Link to={CMS_NEW_POST_PATH} className="text-primary underline">Start your first post</Link>.
        </p>
      )}
    </div>
  );
}
