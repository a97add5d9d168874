/**
 * Text from users or content, made safe to print on a terminal: control characters (C0 but
 * newline and tab when `multiline`, DEL, C1), line separators and bidirectional overrides are
 * shown as escapes (`\x1b`, `\u202e`). Printed raw, `\x1b[2J` clears the screen and a forged
 * line or a reversed run of text passes for the program's own output.
 */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g')
const UNSAFE_ALL_BUT_LINES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const escape = (c: string): string => {
  const code = c.charCodeAt(0)
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

export function forTerminal(text: string, options: { multiline?: boolean } = {}): string {
  if (!UNSAFE.test(text)) return text
  return text.replace(options.multiline ? UNSAFE_ALL_BUT_LINES : UNSAFE_ALL, escape)
}

