/** The writer portal's blog desk. */
export const CMS_PATH = '/blog-cms';
export const CMS_POSTS_PATH = `${CMS_PATH}/blog`;
export const CMS_NEW_POST_PATH = `${CMS_POSTS_PATH}/create`;
export const CMS_CATEGORIES_PATH = `${CMS_PATH}/categories`;
export const CMS_LOGIN_PATH = `${CMS_PATH}/login`;
/** The user portal's public blog. */
export const PUBLIC_BLOG_PATH = '/user-blog';
/** The admin portal's review queue. */
export const ADMIN_BLOG_PATH = '/admin-dashboard/blog';

export const cmsPostHref = (id: string) => `${CMS_POSTS_PATH}/${encodeURIComponent(id)}`;
export const publicPostHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
export const adminPostHref = (id: string) => `${ADMIN_BLOG_PATH}/${encodeURIComponent(id)}`;
