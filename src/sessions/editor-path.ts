/**
 * The editor screen a sign-in link leads to (`/_admin/login?ticket=…&next=/c/articles`): a path
 * inside the editor, or null. Like the editor's own `?next=` (ui/src/screens/signin), it must never
 * send the person to another site: no `//host`, no backslash, no scheme, no control character.
 */
export function editorPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 2000) return null
  return value
}

/** A sign-in link that leads to an editor path (`/c/articles`) once it has signed the person in. */
export function withNext(link: string, next: string | undefined): string {
  const path = editorPath(next)
  return path && path !== '/' ? `${link}&next=${encodeURIComponent(path)}` : link
}
