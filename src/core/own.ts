/**
 * A value's own property, never an inherited one: a field named `constructor` (or any
 * `Object.prototype` name) would otherwise read a built-in function where no value is set.
 */
export function own(values: object, key: string): unknown {
  return Object.hasOwn(values, key) ? (values as Record<string, unknown>)[key] : undefined
}
