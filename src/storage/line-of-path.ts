import { findNodeAtLocation, parseTree } from 'jsonc-parser'
import { LineCounter, parseDocument, isNode } from 'yaml'

/**
 * The line of the value at `path` in a JSON or YAML text, or of its nearest ancestor that
 * exists (a missing key is reported on its parent). Only used for files that already failed
 * their schema, so parsing the text again costs nothing that matters.
 */
export function lineOfPath(text: string, path: Array<string | number>, json: boolean): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const at = json ? jsonOffset(text, path.slice(0, n)) : yamlOffset(text, path.slice(0, n))
    if (at === null) continue
    if (at.line !== undefined) return at.line
    return lineAt(text, at.offset)
  }
  return undefined
}

function jsonOffset(text: string, path: Array<string | number>): { offset: number; line?: number } | null {
  const root = parseTree(text)
  if (!root) return null
  const node = findNodeAtLocation(root, path)
  if (!node) return null
  // A property's value starts on its key's line (or later): point at the key.
  return { offset: node.parent?.type === 'property' ? node.parent.offset : node.offset }
}

function yamlOffset(text: string, path: Array<string | number>): { offset: number; line?: number } | null {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter })
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true)
  if (!isNode(node) || !node.range) return null
  return { offset: node.range[0], line: lineCounter.linePos(node.range[0]).line }
}

function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

/** Line of `"key":` (JSON) or `key:` (YAML) at the top level of a file; 1 when absent. */
export function lineOfKey(text: string, key: string): number {
  const m = new RegExp(`^(?:  "${key}":|${key}:)`, 'm').exec(text)
  return m ? lineAt(text, m.index) : 1
}
