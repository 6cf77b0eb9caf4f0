/**
 * The rich text of the email composers' blocks (a ProseMirror document:
 * common/schemas/template-blocks.ts, common/schemas/campaign-blocks.ts), written short in tests.
 * No database or server import: the component tests use it as well as the API tests.
 */

/** A document of one paragraph holding `inline` (text, chips, line breaks), as a block's text. */
export const oneParagraph = <const Inline extends object[]>(...inline: Inline) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: inline }],
});
