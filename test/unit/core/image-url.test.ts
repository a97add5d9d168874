import { describe, expect, it } from 'vitest'
import { imageUrl, parseImageOptions, srcset } from '../../../src/core/image-url.ts'
import { imageUrl as fromClient, srcset as srcsetFromClient } from '../../../src/client/index.ts'
import { imageUrl as fromReader } from '../../../src/reader/index.ts'

const asset = { url: 'https://cms.example/files/5f0c/download?v=abc123' }

describe('imageUrl and srcset (the helpers sites use)', () => {
  it('adds transform options in a fixed order and keeps the version', () => {
    expect(imageUrl(asset, { format: 'webp', w: 800 })).toBe('https://cms.example/files/5f0c/download?v=abc123&w=800&format=webp')
    expect(imageUrl(asset.url)).toBe(asset.url)
    expect(imageUrl(`${asset.url}&w=10&fit=fill`, { w: 20 })).toBe('https://cms.example/files/5f0c/download?v=abc123&w=20')
    expect(imageUrl('https://cms.example/files/x/download', { h: 5, dpr: 2 })).toBe('https://cms.example/files/x/download?h=5&dpr=2')
  })

  it('writes a srcset of widths', () => {
    expect(srcset(asset, [400, 800], { format: 'avif' })).toBe(
      'https://cms.example/files/5f0c/download?v=abc123&w=400&format=avif 400w, https://cms.example/files/5f0c/download?v=abc123&w=800&format=avif 800w')
  })

  it('refuses a signed URL, whose signature covers its parameters', () => {
    expect(() => imageUrl(`${asset.url}&exp=1&sig=x`, { w: 1 })).toThrow(/signed/)
  })

  it('is the same function from the client and the reader', () => {
    expect(fromClient).toBe(imageUrl)
    expect(fromReader).toBe(imageUrl)
    expect(srcsetFromClient).toBe(srcset)
  })

  it('parses what it writes', () => {
    const url = new URL(imageUrl(asset, { w: 300, h: 200, fit: 'contain', format: 'png', q: 70, dpr: 1.5 }))
    expect(parseImageOptions(url.searchParams)).toEqual({ w: 300, h: 200, fit: 'contain', format: 'png', q: 70, dpr: 1.5 })
  })
})
