/**
 * Text from content (collection names, field labels and descriptions: free text, which a
 * hand-edited schema file can set to anything) put into a generated `/** ... *\/` comment.
 * Inside a block comment only `*\/` ends it, so it becomes `*\/`; line breaks become spaces
 * (one line per comment, and no line can start as `@ts-ignore`); `@` becomes `\@`, JSDoc's
 * literal at sign, so no text turns into a tag or a `@ts-...` directive. `fromDocText` undoes it.
 */
export function docText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\\/g, '\\\\').replace(/\*\//g, '*\\/').replace(/@/g, '\\@')
}

/** The original text of a `docText` (line breaks stay spaces). */
export function fromDocText(text: string): string {
  return text.replace(/\\(\\|@|\/)/g, '$1')
}

/**
 * Text from content in an OpenAPI `description`, which is CommonMark: renderers (the `/_docs`
 * page's Redoc among them) pass raw HTML through, so `&`, `<` and `>` are written as entities,
 * which CommonMark shows as the characters themselves.
 */
export function markdownText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
