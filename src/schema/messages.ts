import type { ErrorObject } from 'ajv'
import type { Field } from '../core/types.ts'
import type { SchemaMode } from './json-schema.ts'
import { isMultiRef } from './json-schema.ts'

/**
 * Validation messages in the hosted service's (Laravel's) forms, with the field label as
 * the attribute name. A rule's own `validations.<rule>.message` wins when set.
 */
export const label = (field: Field): string => field.label || field.name

const custom = (field: Field, rule: 'required' | 'unique' | 'charcount'): string | null => {
  const message = field.validations?.[rule]?.message
  return typeof message === 'string' && message.trim() !== '' ? message : null
}

const requiredMessage = (field: Field): string => custom(field, 'required') ?? `The ${label(field)} field is required.`
export const uniqueMessage = (field: Field): string => custom(field, 'unique') ?? `The ${label(field)} has already been taken.`
export const RELATION_INVALID = 'One or more relation references are invalid for this project or collection.'
export const MEDIA_INVALID = 'One or more media references are invalid for this project.'

export function fieldMessage(field: Field, error: ErrorObject, mode: SchemaMode, inItem: boolean): string {
  const name = label(field)
  switch (error.keyword) {
    case 'required':
      return requiredMessage(field)
    case 'minLength': case 'maxLength': case 'minimum': case 'maximum': case 'minItems': case 'maxItems':
      if (error.keyword === 'maxItems' && (field.type === 'relation' || field.type === 'media') && !isMultiRef(field)) {
        return `The ${name} takes a single reference.`
      }
      return custom(field, 'charcount') ?? countMessage(field, error)
    case 'format':
      if (field.type === 'relation') return RELATION_INVALID
      if (field.type === 'media') return MEDIA_INVALID
      if (field.type === 'email') return `The ${name} must be a valid email address.`
      if (field.type === 'date') return `The ${name} is not a valid date.`
      if (field.type === 'richtext') return `The ${name} contains script (a script tag, an on… attribute or a javascript: link), which is not allowed.`
      if (field.type === 'datetime') return `The ${name} is not a valid date and time (YYYY-MM-DD HH:MM[:SS], or ISO 8601).`
      return `The ${name} format is invalid.`
    case 'pattern':
      if (field.type === 'color') return `The ${name} must be a valid color.`
      if (field.type === 'time') return `The ${name} is not a valid time (HH:MM or HH:MM:SS).`
      return `The ${name} format is invalid.`
    case 'enum':
      return `The selected ${name} is invalid.`
    case 'type':
      return typeMessage(field, mode, inItem)
    default:
      return `The ${name} is invalid.`
  }
}

function typeMessage(field: Field, mode: SchemaMode, inItem: boolean): string {
  const name = label(field)
  if (!inItem && field.options.repeatable && field.type !== 'group' && mode === 'input') return `The ${name} must be an array of {"value": ...} objects.`
  if (!inItem && (field.options.repeatable || isMultiRef(field) || field.options.enumeration?.multiple)) return `The ${name} must be an array.`
  switch (field.type) {
    case 'number': return `The ${name} must be numeric.`
    case 'boolean': return `The ${name} field must be true or false.`
    case 'group': return `The ${name} must be an object.`
    case 'relation': return RELATION_INVALID
    case 'media': return MEDIA_INVALID
    case 'datetime': return `The ${name} is not a valid date and time (YYYY-MM-DD HH:MM[:SS], or ISO 8601).`
    case 'date': return field.options.mode === 'range' ? `The ${name} must be a date range {"start", "end"} or "start - end".` : `The ${name} is not a valid date.`
    case 'enumeration': return `The selected ${name} is invalid.`
    default: return `The ${name} must be a string.`
  }
}

function countMessage(field: Field, error: ErrorObject): string {
  const name = label(field)
  const c = field.validations?.charcount
  const unit = field.type === 'number' ? '' : ['minItems', 'maxItems'].includes(error.keyword) ? ' items' : ' characters'
  const type = c?.type ?? 'Between'
  if (type === 'Between' && typeof c?.min === 'number' && typeof c?.max === 'number') return `The ${name} must be between ${c.min} and ${c.max}${unit}.`
  if (['minLength', 'minimum', 'minItems'].includes(error.keyword)) return `The ${name} must be at least ${c?.min}${unit}.`
  return `The ${name} may not be greater than ${c?.max}${unit}.`
}
