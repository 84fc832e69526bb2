import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, CursorList, cursorQuery, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUp, Newspaper } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FEED_PATH, FRIENDS_PATH, personName, socialApi, socialKeys, type SocialPerson, type SocialRelation } from '../api';
import { Composer } from '../composer';
import { useLiveFriends, useNewPosts } from '../live';
import { PersonRow } from '../person';
import { PostCard } from '../post-card';

function useFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ p, follow }: { p: SocialPerson; follow: boolean }) => (follow ? socialApi.follow(p.id) : socialApi.unfollow(p.id)),
    onSuccess: (_r, { p, follow }) => {
      toast.success(follow ? `You follow ${personName(p)}: their public posts reach your feed.` : `You no longer follow ${personName(p)}.`);
      void qc.invalidateQueries({ queryKey: socialKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
}

function ProvidersToFollow() {
  const q = useQuery({ queryKey: socialKeys.providersToFollow, queryFn: socialApi.providersToFollow });
  const follow = useFollow();
  if (q.isPending) return <Skeleton className="h-32" />;
  if (q.isError) return <ErrorState title="Suggestions did not load" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <p className="text-sm text-muted-foreground">You follow every provider who posts publicly.</p>;
  return (
    <ul className="grid gap-2">
      {q.data.map((p) => (
        <li key={p.id}>
          <PersonRow person={p}>
            <Button size="sm" variant="outline" onClick={() => follow.mutate({ p, follow: true })} aria-label={`Follow ${personName(p)}`}>
              Follow
            </Button>
          </PersonRow>
        </li>
      ))}
    </ul>
  );
}

function Following() {
  const q = useInfiniteQuery(cursorQuery(socialKeys.follows, (c) => socialApi.follows(c)));
  const follow = useFollow();
  return (
    <CursorList query={q} rowKey={(f) => f.provider.id} noun={['provider', 'providers']} empty={{ title: 'You follow no providers yet' }}>
      {(f) => (
        <PersonRow person={f.provider}>
          <Button size="sm" variant="ghost" onClick={() => follow.mutate({ p: f.provider, follow: false })} aria-label={`Unfollow ${personName(f.provider)}`}>
            Unfollow
          </Button>
        </PersonRow>
      )}
    </CursorList>
  );
}

function PersonHeader({ r }: { r: SocialRelation }) {
  const qc = useQueryClient();
  const follow = useFollow();
  const send = useMutation({
    mutationFn: () => socialApi.sendRequest(r.person.id),
    onSuccess: (res) => {
      toast.success(res.status === 'friends' ? `You and ${personName(r.person)} are now friends.` : 'Friend request sent.');
      void qc.invalidateQueries({ queryKey: socialKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const label: Record<SocialRelation['status'], string> = {
    self: 'This is you',
    friends: 'Friends',
    request_sent: 'Request sent',
    request_received: 'Wants to be your friend',
    blocked: 'Blocked',
    none: '',
  };
  return (
    <PersonRow person={r.person} detail={label[r.status]}>
      {r.status === 'none' && (
        <Button size="sm" onClick={() => send.mutate()} loading={send.isPending}>
          Add friend
        </Button>
      )}
      {r.status === 'request_received' && (
        <Button asChild size="sm">
          <Link to={FRIENDS_PATH}>Answer the request</Link>
        </Button>
      )}
      {r.can_follow && r.status !== 'self' && r.status !== 'blocked' && (
        <Button size="sm" variant="outline" onClick={() => follow.mutate({ p: r.person, follow: !r.following })} loading={follow.isPending}>
          {r.following ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </PersonRow>
  );
}

/** ?person=<id>: one person's posts the caller may see, with the friend and follow buttons. */
function PersonPosts({ id }: { id: string }) {
  const rel = useQuery({ queryKey: [...socialKeys.postsOf(id), 'relation'], queryFn: () => socialApi.relation(id) });
  const q = useInfiniteQuery(cursorQuery(socialKeys.postsOf(id), (c) => socialApi.postsOf(id, c)));
  if (rel.isError) return <ErrorState title="This person cannot be shown" error={rel.error} />;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={rel.data ? personName(rel.data.person) : 'Posts'} description="Their posts you can see." actions={<Link className="text-sm underline" to={FEED_PATH}>Back to your feed</Link>} />
      {rel.data ? <PersonHeader r={rel.data} /> : <Skeleton className="h-16" />}
      <CursorList query={q} rowKey={(p) => p.id} noun={['post', 'posts']} empty={{ icon: <Newspaper className="size-6" />, title: 'No posts to show', description: 'They have posted nothing you can see yet.' }}>
        {(p) => <PostCard post={p} />}
      </CursorList>
    </div>
  );
}

/** ?post=<id> (a notification's link): that post above the feed. */
function OnePost({ id }: { id: string }) {
  const q = useQuery({ queryKey: [...socialKeys.all, 'post', id], queryFn: () => socialApi.post(id) });
  if (q.isPending) return <Skeleton className="h-40" />;
  if (q.isError) return <ErrorState title="This post is not available" error={q.error} />;
  return <PostCard post={q.data} />;
}

/** /feed: the composer, posts by friends and followed providers (keyset, "Load more"), providers to follow. */
export default function FeedPage() {
  useLiveFriends();
  const newPosts = useNewPosts();
  const [params] = useSearchParams();
  const person = params.get('person');
  const postId = params.get('post');
  const q = useInfiniteQuery(cursorQuery(socialKeys.feed, (c) => socialApi.feed(c)));
  if (person) return <PersonPosts id={person} />;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-4">
        <PageHeader title="Feed" description="Posts by your friends and the providers you follow." />
        <Composer />
        {newPosts.count > 0 && (
          <div className="sticky top-16 z-10 flex justify-center">
            <Button size="sm" className="rounded-full shadow-md" onClick={() => { newPosts.show(); window.scrollTo({ top: 0, behavior: 'smooth' }); }}>
              <ArrowUp className="size-4" aria-hidden />
              {newPosts.count === 1 ? 'Show 1 new post' : `Show ${newPosts.count} new posts`}
            </Button>
          </div>
        )}
        {postId && <OnePost id={postId} />}
        <CursorList
          query={q}
          rowKey={(p) => p.id}
          noun={['post', 'posts']}
          empty={{
            icon: <Newspaper className="size-6" />,
            title: 'Your feed is empty',
            description: 'Add friends or follow providers, and their posts show here.',
            action: (
              <Button asChild variant="outline">
                <Link to={`${FRIENDS_PATH}?tab=suggestions`}>Find friends</Link>
              </Button>
            ),
          }}
        >
          {(p) => <PostCard post={p} />}
        </CursorList>
      </div>
      <aside className="grid content-start gap-4" aria-label="Providers">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Providers to follow
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ProvidersToFollow />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              You follow
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Following />
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
