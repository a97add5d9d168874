import { queryString } from '../core/query-string.ts'

export type ReadParams = Record<string, unknown>

/** Parameters as the client sends them: `where` nested in brackets, lists comma-joined (core/query-string.ts). */
export function toQuery(params: ReadParams): string {
  return queryString(params)
}
