import { sitePath } from '../core/site-path.ts'

/**
 * The editor screen a sign-in link leads to (`/_admin/login?ticket=…&next=/c/articles`): a path
 * inside the editor, or null. Like the editor's own `?next=` (ui/src/screens/signin), it must never
 * send the person to another site (core/site-path.ts).
 */
export function editorPath(value: string | null | undefined): string | null {
  const path = sitePath(value)
  return path !== null && path.length <= 2000 ? path : null
}

/** A sign-in link that leads to an editor path (`/c/articles`) once it has signed the person in. */
export function withNext(link: string, next: string | undefined): string {
  const path = editorPath(next)
  return path && path !== '/' ? `${link}&next=${encodeURIComponent(path)}` : link
}
