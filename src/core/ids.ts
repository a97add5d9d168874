import { randomUUID } from 'node:crypto'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Collection slugs: the hosted service's kebab-case plus `_`, bounded so a path can never escape. */
const SLUG_RE = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/
const LOCALE_RE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

export const newUuid = (): string => randomUUID()
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value)
export const isSlug = (value: unknown): value is string => typeof value === 'string' && SLUG_RE.test(value)
export const isLocale = (value: unknown): value is string => typeof value === 'string' && LOCALE_RE.test(value)

/** Windows device names: a file or folder so named (whatever its extension) cannot exist there. */
export const isWindowsReservedName = (name: string): boolean => /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i.test(name)

/** The current time as the ISO 8601 string every record uses. */
export const now = (): string => new Date().toISOString()
