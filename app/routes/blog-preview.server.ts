/**
 * What the preview page's loader uses of the server: the signed link's check and the Markdown
 * renderer (kept out of the browser). A `.server` module, like blog-post.server.ts.
 */
export { readingTimeMinutes, renderMarkdown } from '#server/content/markdown.ts';
export { findPreviewPost } from '#server/content/preview.ts';
