import { ApiError } from '../../api.ts'

/** A git endpoint's refusal in the editor's words; 409s carry git's own reason, 422s name the field at fault. */
export function gitErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'This needs a session with the admin ability.'
    const details = Object.values(error.errors).flat()
    return details.length > 0 ? details.join(' ') : error.message
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}
