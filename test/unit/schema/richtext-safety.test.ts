import { describe, expect, test } from 'vitest'
import { isSafeRichText } from '../../../src/schema/richtext-safety.ts'
import { prepareInput, checkStoredFields } from '../../../src/schema/validate-entry.ts'
import type { Collection } from '../../../src/core/types.ts'

/** What the editor's rich-text field writes (RichTextEditor.tsx): every node and mark it offers. */
const EDITOR_HTML = [
  '<h2>Heading</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <s>s</s> <code>x &lt; y</code></p>',
  '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">new tab</a> <a href="/about">here</a> <a href="mailto:a@b.c">mail</a></p>',
  '<img src="http://127.0.0.1:4000/storage/assets/6f1c2a4e-1d2b-4c3d-9e8f-0a1b2c3d4e5f/photo.jpg" alt="A photo of a cat">',
  '<blockquote><p>quoted</p></blockquote><pre><code>if (a) { b() }</code></pre><hr><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
  '<p>Time: 10:30, ratio 1:2, onboarding online</p>',
].join('')

describe('rich text: script refused, the editor’s HTML accepted', () => {
  test('accepts everything the editor writes, and Markdown', () => {
    expect(isSafeRichText(EDITOR_HTML)).toBe(true)
    expect(isSafeRichText('# Title\n\nSome [link](https://example.com) and ![img](/a.png)')).toBe(true)
    expect(isSafeRichText('')).toBe(true)
  })

  test.each([
    ['a script element', '<p>hi</p><script>alert(1)</script>'],
    ['a script element in odd case and spacing', '<ScRiPt >alert(1)</script >'],
    ['an event handler', '<img src="x" onerror="alert(1)">'],
    ['an unquoted event handler', '<p onclick=alert(1)>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['an encoded javascript: link', '<a href="jav&#x61;script&colon;alert(1)">x</a>'],
    ['a javascript: link with spaces and tabs', '<a href=" java\tscript:alert(1)">x</a>'],
    ['a data:text/html image', '<img src="data:text/html,<b>x</b>">'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an svg with script', '<svg><a xlink:href="javascript:x">y</a></svg>'],
    ['a Markdown javascript: link', '[x](javascript:alert(1))'],
  ])('refuses %s', (_, html) => {
    expect(isSafeRichText(html)).toBe(false)
  })

  const collection: Collection = {
    uuid: 'c', name: 'Pages', slug: 'pages', is_singleton: false, order: 0, created_at: '', updated_at: '',
    fields: [{ uuid: 'b', type: 'richtext', label: 'Body', name: 'body', description: null, placeholder: null, options: {}, validations: {} }],
  }

  test('a written entry: 422 naming the field for script, the editor’s HTML passes unchanged', () => {
    expect(prepareInput(collection, { body: '<p>x</p><script>alert(1)</script>' }, 'create').errors).toEqual({
      'data.body': ['The Body contains script (a script tag, an on… attribute or a javascript: link), which is not allowed.'],
    })
    const ok = prepareInput(collection, { body: EDITOR_HTML }, 'create')
    expect(ok.errors).toEqual({})
    expect(ok.values.body).toBe(EDITOR_HTML)
  })

  test('stored content is read as it is (a hand edit is not refused on load)', () => {
    expect(checkStoredFields(collection, { body: '<script>x</script>' })).toEqual({})
  })
})
