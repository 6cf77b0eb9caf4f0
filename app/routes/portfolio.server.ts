/**
 * What the portfolio page's loader uses of the server: the Markdown renderer for the case studies'
 * descriptions (written in the rich-text editor, decision 068). A `.server` module.
 */
export { renderMarkdown } from '#server/content/markdown.ts';
