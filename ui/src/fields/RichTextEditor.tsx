import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { cleanPastedHtml } from './richtext/clean-paste.ts'
import { safeLinkUrl } from './richtext/safe-url.ts'
import { LibraryImage } from './richtext/library-image.ts'
import { LinkDialog, type LinkChoice } from './richtext/LinkDialog.tsx'
import { MediaDialog, isImage, type MediaChoice } from './richtext/MediaDialog.tsx'
import './richtext/richtext.css'

interface Props {
  id: string
  labelId: string
  describedBy?: string
  invalid?: boolean
  value: string
  onChange(html: string): void
  readOnly?: boolean
}

const NO_LINK: LinkChoice = { href: '', text: '', newTab: false }

/**
 * The rich-text field (TipTap, loaded only when a form has a richtext field). Stores HTML, as
 * the hosted service's editor does: paragraphs, headings, lists, quotes, code, rules, links
 * (`<a href target rel>`) and images from the media library (`<img src alt>`), nothing else
 * (tables are not offered: TipTap's table extension is not installed). The editable area is a
 * labelled textbox; the toolbar is one tab stop, arrow keys move within it.
 */
export default function RichTextEditor({ id, labelId, describedBy, invalid, value, onChange, readOnly }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // Links get target/rel only when the person asks for a new tab; addresses are checked as typed (safe-url.ts).
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null }, isAllowedUri: (url) => safeLinkUrl(url) !== undefined },
      }),
      LibraryImage,
    ],
    content: value || '',
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      // Word and Google Docs: structure kept, their styles and markup left behind.
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => { if (!e.isDestroyed) onChange(e.isEmpty ? '' : e.getHTML()) },
  })
  // A value set from outside (restore, reload, take theirs) replaces the content.
  useEffect(() => {
    // useEditor may hand back an instance it has just destroyed (when it recreates one): its
    // schema is gone then, and reading its HTML would throw.
    if (!editor || editor.isDestroyed) return
    const current = editor.isEmpty ? '' : editor.getHTML()
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false })
  }, [editor, value])
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false, italic: e?.isActive('italic') ?? false, code: e?.isActive('code') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false, h3: e?.isActive('heading', { level: 3 }) ?? false,
      ul: e?.isActive('bulletList') ?? false, ol: e?.isActive('orderedList') ?? false, quote: e?.isActive('blockquote') ?? false,
      codeBlock: e?.isActive('codeBlock') ?? false, link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false, canRedo: e?.can().redo() ?? false,
    }),
  })
  const [linkFor, setLinkFor] = useState<LinkChoice | null>(null)
  const [media, setMedia] = useState(false)
  if (!editor) return null

  function openLink(e: Editor) {
    e.chain().focus().extendMarkRange('link').run()
    const attrs = e.getAttributes('link') as { href?: string; target?: string }
    const { from, to } = e.state.selection
    setLinkFor({ href: attrs.href ?? '', text: e.state.doc.textBetween(from, to, ' '), newTab: attrs.target === '_blank' })
  }
  function applyLink(choice: LinkChoice) {
    setLinkFor(null)
    const chain = editor!.chain().focus().extendMarkRange('link')
    if (!choice.href) { chain.unsetLink().run(); return }
    const attrs = { href: choice.href, target: choice.newTab ? '_blank' : null, rel: choice.newTab ? 'noopener noreferrer' : null }
    const { from, to } = editor!.state.selection
    const selected = editor!.state.doc.textBetween(from, to, ' ')
    if (selected && selected === choice.text) chain.setLink(attrs).run()
    else chain.insertContent({ type: 'text', text: choice.text, marks: [{ type: 'link', attrs }] }).run()
  }
  function insertMedia({ asset, text }: MediaChoice) {
    setMedia(false)
    const chain = editor!.chain().focus()
    if (isImage(asset)) chain.setImage({ src: asset.url, alt: text }).run()
    else chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href: asset.url, target: null, rel: null } }] }).insertContent(' ').run()
  }

  // [text shown, accessible name, pressed (undefined: an action, not a toggle), run, disabled]
  type Tool = [string, string, boolean | undefined, () => void, boolean?]
  const run = (f: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => { f(editor.chain().focus()).run() }
  const groups: Tool[][] = [
    [
      ['↶', 'Undo', undefined, run((c) => c.undo()), !state.canUndo],
      ['↷', 'Redo', undefined, run((c) => c.redo()), !state.canRedo],
    ],
    [
      ['B', 'Bold', state.bold, run((c) => c.toggleBold())],
      ['I', 'Italic', state.italic, run((c) => c.toggleItalic())],
      ['</>', 'Code', state.code, run((c) => c.toggleCode())],
    ],
    [
      ['H2', 'H2 heading', state.h2, run((c) => c.toggleHeading({ level: 2 }))],
      ['H3', 'H3 subheading', state.h3, run((c) => c.toggleHeading({ level: 3 }))],
    ],
    [
      ['•', 'Bulleted list', state.ul, run((c) => c.toggleBulletList())],
      ['1.', '1. Numbered list', state.ol, run((c) => c.toggleOrderedList())],
      ['❝', 'Quote', state.quote, run((c) => c.toggleBlockquote())],
      ['{ }', 'Code block', state.codeBlock, run((c) => c.toggleCodeBlock())],
      ['―', 'Horizontal rule', undefined, run((c) => c.setHorizontalRule())],
    ],
    [
      ['Link', state.link ? 'Edit link' : 'Add link', state.link, () => openLink(editor)],
      ['Media', 'Media: insert an image or a file', undefined, () => setMedia(true)],
    ],
  ]
  return (
    <div className="richtext">
      {!readOnly && <Toolbar groups={groups} />}
      <EditorContent editor={editor} className="richtext-content" />
      {!readOnly && (
        <>
          <LinkDialog open={linkFor !== null} initial={linkFor ?? NO_LINK} onClose={() => { setLinkFor(null); editor.commands.focus() }} onApply={applyLink} />
          <MediaDialog open={media} onClose={() => { setMedia(false); editor.commands.focus() }} onInsert={insertMedia} />
        </>
      )}
    </div>
  )
}

/**
 * The formatting toolbar: one tab stop (the last button used), Left/Right/Home/End move
 * between buttons (the ARIA toolbar pattern); toggles say whether they are on (aria-pressed).
 */
function Toolbar({ groups }: { groups: Array<Array<[string, string, boolean | undefined, () => void, boolean?]>> }) {
  const [current, setCurrent] = useState(0)
  const ref = useRef<HTMLDivElement>(null)
  function onKeyDown(e: KeyboardEvent) {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const to = e.key === 'ArrowRight' ? (at + 1) % buttons.length : e.key === 'ArrowLeft' ? (at - 1 + buttons.length) % buttons.length
      : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : -1
    if (to < 0) return
    e.preventDefault()
    setCurrent(to)
    buttons[to]!.focus()
  }
  let index = 0
  return (
    <div className="richtext-toolbar" role="toolbar" aria-label="Formatting" ref={ref} onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        <div className="richtext-group" role="group" key={g}>
          {group.map(([text, label, pressed, act, disabled]) => {
            const i = index++
            return (
              <button
                key={label}
                type="button"
                aria-label={label}
                title={label}
                aria-pressed={pressed}
                aria-disabled={disabled || undefined}
                tabIndex={i === current ? 0 : -1}
                // Keeps the editor's selection: the button never takes it from the text.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => { setCurrent(i); if (!disabled) act() }}
              >
                {text}
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
}
