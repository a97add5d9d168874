/** Field problems keyed like the API's 422: `data.<field>`, `data.<group>.0.<child>`, `data.<tags>.1.value`. */
export type FieldErrors = Record<string, string[]>

/**
 * Adds a problem once. Apart from validator.ts so that the services that only collect problems
 * do not load Ajv: a command that reads never compiles an entry validator.
 */
export function add(errors: FieldErrors, key: string, message: string): void {
  const list = (errors[key] ??= [])
  if (!list.includes(message)) list.push(message)
}
