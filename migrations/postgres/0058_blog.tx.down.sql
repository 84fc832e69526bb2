DROP TABLE IF EXISTS blog_comments;
DROP TABLE IF EXISTS blog_revisions;
DROP TABLE IF EXISTS blog_posts;
DROP TABLE IF EXISTS blog_categories;
