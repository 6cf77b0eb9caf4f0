/**
 * What the blog post page's loader uses of the server: the Markdown renderer (marked and
 * sanitize-html stay out of the browser). A `.server` module, see newsletter/newsletter.server.ts.
 */
export { readingTimeMinutes, renderMarkdown } from '#server/content/markdown.ts';
