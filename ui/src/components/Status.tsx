import { ApiError } from '../api.ts'

export function Loading({ label = 'Loading' }: { label?: string }) {
  return <div className="loading" role="status" aria-live="polite"><span className="spinner" aria-hidden="true" />{label}…</div>
}

export function ErrorView({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'Something went wrong.'
  return <div className="notice notice-error" role="alert"><div className="notice-text">{message}</div></div>
}
