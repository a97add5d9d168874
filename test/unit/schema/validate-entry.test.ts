import { describe, expect, test } from 'vitest'
import { checkStoredFields, prepareInput } from '../../../src/schema/validate-entry.ts'
import type { Collection, Field } from '../../../src/core/types.ts'

const f = (name: string, type: Field['type'], options: Field['options'] = {}, validations: Field['validations'] = {}, children?: Field[]): Field => ({
  uuid: name, type, label: name[0]!.toUpperCase() + name.slice(1), name, description: null, placeholder: null, options, validations, ...(children ? { children } : {}),
})
const collection: Collection = {
  uuid: 'c', name: 'Things', slug: 'things', is_singleton: false, order: 0, created_at: '', updated_at: '',
  fields: [
    f('title', 'text', {}, { required: { status: true } }),
    f('tags', 'text', { repeatable: true }),
    f('owner', 'relation', { relation: { type: 1, collection: 'people' } }),
    f('friends', 'relation', { relation: { type: 2, collection: 'people' } }),
    f('span', 'date', { mode: 'range' }),
    f('secret', 'password'),
    f('parts', 'group', { repeatable: true }, {}, [f('name', 'text')]),
  ],
}
const U = '6f1c2a4e-1d2b-4c3d-9e8f-0a1b2c3d4e5f'

describe('checkStoredFields: the stored forms', () => {
  test('accepts stored forms', () => {
    expect(checkStoredFields(collection, {
      title: 'T', tags: ['a', 'b'], owner: U, friends: [U], span: { start: '2024-01-01', end: '2024-01-02' }, secret: 'scrypt$1$1$1$a$b', parts: [{ name: 'x' }],
    })).toEqual({})
  })
  test('refuses input forms, unknown keys and missing required values', () => {
    expect(checkStoredFields(collection, { tags: [{ value: 'a' }], owner: [U], extra: 1, parts: [{ nope: 1 }] })).toEqual({
      'data.title': ['The Title field is required.'],
      'data.tags.0': ['The Tags must be a string.'],
      'data.owner': ['One or more relation references are invalid for this project or collection.'],
      'data.extra': ['Unknown field "extra": Things has no field with this name.'],
      'data.parts.0.nope': ['Unknown field "nope": Parts has no field with this name.'],
    })
  })
})

describe('prepareInput', () => {
  test('converts input to stored form and PATCH checks required only for the keys it sends', () => {
    const r = prepareInput(collection, { title: 'T', tags: [{ value: 'a' }, 'b'], owner: [U.toUpperCase()], span: '2024-01-01 - 2024-02-01' }, 'create')
    expect(r.errors).toEqual({})
    expect(r.values).toEqual({ title: 'T', tags: ['a', 'b'], owner: U, span: { start: '2024-01-01', end: '2024-02-01' } })
    expect(prepareInput(collection, { tags: [] }, 'patch')).toMatchObject({ errors: {}, cleared: ['tags'] })
    expect(prepareInput(collection, { title: '' }, 'patch').errors).toEqual({ 'data.title': ['The Title field is required.'] })
  })
})
