import { Button, PageHeader } from '@sojourn/ui';
import { PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { blogApi, blogKeys } from '../api';
import { PostList } from '../components/post-list';
import { CMS_NEW_POST_PATH, cmsPostHref } from '../paths';

/** /blog-cms/blog: the writer's posts, latest change first, by status, searchable. */
export default function CmsPostsPage() {
  const newPost = (
    <Button asChild>
      <Link to={CMS_NEW_POST_PATH}>
        <PenLine aria-hidden /> New post
      </Link>
    </Button>
  );
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Posts" description="Everything you have written, latest change first." actions={newPost} />
      <PostList
        queryKey={blogKeys.mine}
        fetchPage={blogApi.mine}
        href={cmsPostHref}
        empty={{ title: 'No posts here', description: 'Start a post, or choose another status.' }}
      />
    </div>
  );
}
