import { readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Our own bilingual blog template (test/fixtures/blog-template.json), a fresh copy each call. */
export function blogTemplate(): Record<string, unknown> {
  return JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/blog-template.json', import.meta.url)), 'utf8')) as Record<string, unknown>
}

/** A template of ../shared/fixtures/elmapi, or null when the project runs without ../shared beside it. */
export function sharedFixture(name: string): Record<string, unknown> | null {
  const path = fileURLToPath(new URL(`../../../shared/fixtures/elmapi/${name}`, import.meta.url))
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null
}

export const sharedFixturePath = (name: string): string | null => {
  const path = fileURLToPath(new URL(`../../../shared/fixtures/elmapi/${name}`, import.meta.url))
  return existsSync(path) ? path : null
}
