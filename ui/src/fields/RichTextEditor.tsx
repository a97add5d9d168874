import { useEffect } from 'react'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'

interface Props {
  id: string
  labelId: string
  describedBy?: string
  invalid?: boolean
  value: string
  onChange(html: string): void
  readOnly?: boolean
}

/**
 * The rich-text field (TipTap, loaded only when a form has a richtext field). Stores HTML, as
 * the hosted service's editor does. The editable area is a labelled textbox.
 */
export default function RichTextEditor({ id, labelId, describedBy, invalid, value, onChange, readOnly }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] } })],
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
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false, italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false, h3: e?.isActive('heading', { level: 3 }) ?? false,
      ul: e?.isActive('bulletList') ?? false, ol: e?.isActive('orderedList') ?? false, quote: e?.isActive('blockquote') ?? false,
    }),
  })
  if (!editor) return null
  const tools: Array<[string, string, boolean, () => void]> = [
    ['B', 'Bold', active.bold, () => editor.chain().focus().toggleBold().run()],
    ['I', 'Italic', active.italic, () => editor.chain().focus().toggleItalic().run()],
    ['H2', 'H2 heading', active.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run()],
    ['H3', 'H3 heading', active.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run()],
    ['• List', 'Bulleted list', active.ul, () => editor.chain().focus().toggleBulletList().run()],
    ['1. List', '1. List (numbered)', active.ol, () => editor.chain().focus().toggleOrderedList().run()],
    ['❝', 'Quote', active.quote, () => editor.chain().focus().toggleBlockquote().run()],
  ]
  return (
    <div className="richtext">
      {!readOnly && (
        <div className="richtext-toolbar" role="toolbar" aria-label="Formatting">
          {tools.map(([text, label, pressed, run]) => (
            <button key={label} type="button" aria-label={label} aria-pressed={pressed} onClick={run}>{text}</button>
          ))}
        </div>
      )}
      <EditorContent editor={editor} className="richtext-content" />
    </div>
  )
}
