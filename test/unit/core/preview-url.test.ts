import { expect, test } from 'vitest'
import { fillPreviewUrl, previewOrigin, previewUrlProblem } from '../../../src/core/preview-url.ts'

test('fills the placeholders URL-encoded; checks the template', () => {
  const t = 'https://site.example/preview/{collection}/{slug}?id={uuid}&l={locale}&token={token}'
  expect(fillPreviewUrl(t, { collection: 'posts', slug: 'a b', uuid: 'u', locale: 'en', token: 'x&y' }))
    .toBe('https://site.example/preview/posts/a%20b?id=u&l=en&token=x%26y')
  expect(previewUrlProblem(t)).toBeNull()
  expect(previewOrigin(t)).toBe('https://site.example')
  expect(previewUrlProblem('/relative/{uuid}')).toMatch(/absolute http/)
  expect(previewUrlProblem('javascript:alert(1)//{uuid}')).toMatch(/http/)
  expect(previewUrlProblem('http://{slug}.example/')).toMatch(/scheme and host/)
  expect(previewUrlProblem('http://x.example/{id}')).toMatch(/unknown placeholder \{id\}/)
  expect(previewOrigin(null)).toBeNull()
})
