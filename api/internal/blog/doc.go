// Package blog is Sojourn's blog: writers' posts, reviewed by admins (acting
// as editors) and read by everyone.
//
// # Tables
//
//	blog_categories  id, slug (unique), name; managed by writers and admins
//	blog_posts       the post and its workflow: author, status (draft | in_review | scheduled | published |
//	                 unpublished, validated in Go), slug (unique: the post's address), version (the number of the
//	                 latest revision), live_revision (what readers see; NULL: not public), publish_at, published_at,
//	                 views
//	blog_revisions   every saved state of a post, numbered from 1: title, slug, excerpt, body (ProseMirror JSON as
//	                 validated), html (its sanitised rendering), category, tags, images, SEO fields, reading time
//	blog_comments    the editorial thread: submitted, comment, changes_requested, approved, unpublished
//
// # The body
//
// The editor (Tiptap in libs/feature/blog) stores ProseMirror JSON. ParseBody accepts only known node types
// (paragraph, heading 2-4, lists, blockquote, hard break, rule, image, embed) and marks (bold, italic, strike,
// code, link) with known attributes, at most 256 KB, 12 levels and 6000 nodes; links are http, https, mailto or
// a path; images come from /media/ (Sojourn's storage) or https and must have alt text; an embed is a kind
// (tour, product, practitioner) and an id, rendered as a card link to that item's public page. Render writes
// HTML escaping every text and attribute and passes it through a bluemonday policy last. Plain fields (title,
// excerpt, SEO, tags, category names, comments) refuse markup and javascript: outright; image fields take
// only /media/ or https addresses. So no script, event handler or javascript: URL can be stored in any field.
//
// # Workflow
//
//	Create -> draft (revision 1); Save (PUT with the version the writer started from; another version: 409,
//	the editor's conflict) -> a new revision; a post in review or scheduled goes back to draft (it must be
//	submitted again); a published post stays live at its approved revision while its writer edits: the new
//	revisions go live only when approved again (re-review of every change to a live post).
//	Submit: draft | unpublished -> in_review.
//	Admin: Comment; RequestChanges (in_review | scheduled -> draft, with the reason); Approve(version, at):
//	now -> published (live_revision = version), or at a time -> scheduled with the job blog.publish inserted
//	in the approving transaction; Unpublish -> unpublished (live_revision NULL).
//	Restore(n): revision n's fields saved again as the newest revision (exactly: the test compares them).
//
// Writers reach only their own posts (another writer's is 404, never 403); approving and publishing are
// /api/v1/admin/* routes (admins only).
//
// # Jobs
//
//	blog.publish {post_id, version}   at publish_at: publishes when the post is still scheduled at that
//	                                  version (an edit or a request for changes since makes it a no-op);
//	                                  early by the domain's clock it snoozes (PublishDue answers the wait)
//
// # Readers
//
// Published(filter, cursor) (keyset on published_at, id), PublicPost(id or slug) with related posts (same
// category first) and the view counted, Categories. Head(origin, path) answers the <head> tags of a post
// page of the user portal (/blog/:id and /user-blog/blog/:id): title, description, canonical link,
// OpenGraph and Twitter tags, all escaped, reused for 5 seconds and dropped by this process's publishing
// changes; the portal server (api/internal/portals, WithHeads) puts them into index.html. Feeds mounts
// /blog/rss.xml and /sitemap.xml.
//
// # Module
//
//	New(Config{DB, Clock, Log, Directory, Jobs}) (*Service, error)
//	Register(httpx.Router); RegisterJobs(*jobs.Registry); Feeds(*fiber.App, origin); Head(ctx, origin, path)
//
// # Errors
//
// 404 for a post that is not the writer's or not published; 409 for a stale version, a taken slug or
// category name, or a transition from the wrong state; 422 for invalid fields and documents.
package blog
