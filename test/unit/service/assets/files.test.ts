import { describe, expect, it } from 'vitest'
import { assetType, humanSize, isMimeAllowed, resolveMime, sanitizeFilename } from '../../../../src/service/assets/files.ts'
import { parseRange } from '../../../../src/server/routes/assets.ts'

describe('sanitizeFilename', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\cat.jpg', 'cat.jpg'],
    ['a\u0000b\u001fc.txt', 'abc.txt'],
    ['..', 'file'],
    ['...hidden..txt', 'hidden.txt'],
    ['what?.txt', 'what_.txt'],
    ['con.txt', '_con.txt'],
    ['   ', 'file'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected)
  })

  it('caps the length and keeps the extension', () => {
    const out = sanitizeFilename(`${'é'.repeat(300)}.jpeg`)
    expect(out.length).toBeLessThanOrEqual(120)
    expect(out.endsWith('.jpeg')).toBe(true)
  })
})

describe('mime rules', () => {
  const known = new Set(['png', 'jpg', 'pdf', 'elf', 'exe'])
  it('trusts the signature and refuses a mismatching known extension', () => {
    expect(resolveMime({ signature: { mime: 'image/png', ext: 'png' }, isText: false }, 'a.png', known)).toEqual({ mime: 'image/png' })
    expect(resolveMime({ signature: { mime: 'image/jpeg', ext: 'jpg' }, isText: false }, 'a.JPEG', known)).toEqual({ mime: 'image/jpeg' })
    expect(resolveMime({ signature: { mime: 'application/pdf', ext: 'pdf' }, isText: false }, 'a.png', known)).toHaveProperty('error')
    expect(resolveMime({ signature: { mime: 'image/png', ext: 'png' }, isText: false }, 'no-extension', known)).toEqual({ mime: 'image/png' })
  })
  it('names text by extension only when the bytes are text', () => {
    expect(resolveMime({ isText: true }, 'a.csv', known)).toEqual({ mime: 'text/csv' })
    expect(resolveMime({ isText: true }, 'a.json', known)).toEqual({ mime: 'application/json' })
    expect(resolveMime({ isText: true }, 'a', known)).toEqual({ mime: 'text/plain' })
    expect(resolveMime({ isText: true }, 'a.pdf', known)).toHaveProperty('error')
    expect(resolveMime({ isText: false }, 'a.txt', known)).toHaveProperty('error')
  })
  it('allows the defaults plus configured types, wildcards and *', () => {
    expect(isMimeAllowed('image/png', [])).toBe(true)
    expect(isMimeAllowed('application/x-elf', [])).toBe(false)
    expect(isMimeAllowed('image/svg+xml', ['image/svg+xml'])).toBe(true)
    expect(isMimeAllowed('font/woff2', ['font/*'])).toBe(true)
    expect(isMimeAllowed('application/x-elf', ['*'])).toBe(true)
  })
  it('groups types like the hosted service filter', () => {
    expect(['image/png', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain'].map(assetType)).toEqual(['image', 'video', 'audio', 'document', 'document'])
  })
  it('formats sizes', () => {
    expect([0, 1023, 1024, 1024 * 1024, 1536 * 1024 * 1024].map(humanSize)).toEqual(['0 B', '1023 B', '1.0 KB', '1.0 MB', '1.5 GB'])
  })
})

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, [0, 9]],
    ['bytes=90-', 100, [90, 99]],
    ['bytes=-10', 100, [90, 99]],
    ['bytes=-500', 100, [0, 99]],
    ['bytes=50-500', 100, [50, 99]],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ] as const)('%s of %d', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected)
  })
})

describe('checkMetadata', () => {
  it('keeps known keys, ignores unknown ones, rejects non-strings and long values', async () => {
    const { checkMetadata } = await import('../../../../src/service/assets/upload.ts')
    expect(checkMetadata({ alt_text: 'a', title: null, extra: 1 })).toEqual({ alt_text: 'a', title: null })
    expect(() => checkMetadata({ caption: 5 })).toThrow(/caption must be a string/)
    expect(() => checkMetadata({ caption: 'x'.repeat(2001) })).toThrow(/2000/)
    expect(() => checkMetadata([])).toThrow(/must be an object/)
  })
})
