import { CursorList, cursorQuery, PageHeader, Skeleton } from '@sojourn/ui';
import { useAuthStore } from '@sojourn/session';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Newspaper } from 'lucide-react';
import { socialApi, socialKeys } from '../api';
import { Composer } from '../composer';
import { PostCard } from '../post-card';

/** A provider portal's Posts page: write posts (public ones reach everyone who follows you) and manage your own. */
export default function ProviderPostsPage() {
  const me = useAuthStore((s) => s.userId);
  const q = useInfiniteQuery({ ...cursorQuery(socialKeys.postsOf(me ?? ''), (c) => socialApi.postsOf(me ?? '', c)), enabled: !!me });
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title="Posts"
        description="Share news, tips and upcoming dates. Posts for “Everyone” reach the feed of every traveller who follows you; “Friends” posts reach your friends only."
      />
      <Composer label="Share news with your followers" defaultAudience="public" />
      {!me ? (
        <Skeleton className="h-40" />
      ) : (
        <CursorList query={q} rowKey={(p) => p.id} noun={['post', 'posts']} empty={{ icon: <Newspaper className="size-6" />, title: 'No posts yet', description: 'Your first post will show here and in your followers’ feeds.' }}>
          {(p) => <PostCard post={p} />}
        </CursorList>
      )}
    </div>
  );
}
