import { PageHeader } from '@sojourn/ui';
import { blogApi, blogKeys } from '../api';
import { PostList } from '../components/post-list';
import { adminPostHref } from '../paths';

/** /admin-dashboard/blog: every writer's posts; "In review" is the queue, "Scheduled" what is about to go out. */
export default function AdminBlogQueuePage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Blog" description="Review what writers submit: comment, send back for changes, approve to publish now or at a time, or unpublish." />
      <PostList
        queryKey={blogKeys.queue}
        fetchPage={(cursor, s) => blogApi.queue(cursor, s)}
        href={adminPostHref}
        showAuthor
        search={false}
        empty={{ title: 'Nothing here', description: 'No posts with this status.' }}
      />
    </div>
  );
}
