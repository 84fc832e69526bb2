// The blog (api/internal/blog): the writer portal's desk (/blog-cms: overview, posts, the editor with revisions,
// categories), the user portal's public blog (/user-blog, a post at /blog/:id and /user-blog/blog/:id) and the admins'
// review queue (/admin-dashboard/blog).
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_BLOG_PATH, CMS_CATEGORIES_PATH, CMS_NEW_POST_PATH, CMS_PATH, CMS_POSTS_PATH, PUBLIC_BLOG_PATH } from './paths';

export * from './paths';

/** The writer portal's pages (its home is the desk's overview; the app adds /blog-cms/login, the shell's sign-in). */
export function writerBlogPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.writer];
  const editor = () => import('./pages/cms-editor');
  return [
    { path: CMS_POSTS_PATH, title: 'Posts', frame: 'portal', guards, load: () => import('./pages/cms-posts') },
    { path: CMS_NEW_POST_PATH, title: 'New post', frame: 'portal', guards, load: editor },
    { path: `${CMS_POSTS_PATH}/:id`, title: 'Edit post', frame: 'portal', guards, load: editor },
    { path: CMS_CATEGORIES_PATH, title: 'Categories', frame: 'portal', guards, load: () => import('./pages/cms-categories') },
  ];
}

/** The writer portal's home page: the desk's overview at /blog-cms. */
export const writerHomePage: PageSpec['load'] = () => import('./pages/cms-overview');
export { CMS_PATH };

/** The user portal's public blog. */
export function publicBlogPages(): PageSpec[] {
  const post = () => import('./pages/public-post');
  return [
    { path: PUBLIC_BLOG_PATH, title: 'Blog', frame: 'public', load: () => import('./pages/public-blog') },
    { path: '/blog/:id', title: 'Blog', frame: 'public', load: post },
    { path: `${PUBLIC_BLOG_PATH}/blog/:id`, title: 'Blog', frame: 'public', load: post },
  ];
}

/** The admin portal's review queue and a post's review page. */
export function adminBlogPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    { path: ADMIN_BLOG_PATH, title: 'Blog', frame: 'portal', guards, load: () => import('./pages/admin-queue') },
    { path: `${ADMIN_BLOG_PATH}/:id`, title: 'Review post', frame: 'portal', guards, load: () => import('./pages/admin-post') },
  ];
}
