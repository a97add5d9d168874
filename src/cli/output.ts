import Table from 'cli-table3'
import { isCmsError, isValidationError } from '../core/errors.ts'
import { forTerminal } from '../core/terminal.ts'
import { CliError, EXIT } from '../connect/errors.ts'


/**
 * A reader that goes away (`cms openapi | head -1`, a closed MCP client) is not an error: the
 * next write to stdout or stderr fails with EPIPE, asynchronously, and with no listener Node
 * prints a stack trace. The command stops there, quietly, with the exit code it had so far.
 */
export function exitQuietlyOnClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
      process.exit(process.exitCode ?? EXIT.ok)
    })
  }
}

export const printJson = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

const PLAIN = Object.fromEntries(['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid'].map((k) => [k, '']))

/**
 * A list for people: a header row and aligned columns two spaces apart, no borders (easy to
 * grep and cut); widths by display width, so accents and wide characters line up.
 */
export function formatTable(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const table = new Table({ head: [...head], chars: { ...PLAIN, middle: '  ' }, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true } })
  // Cells hold content and users' text: escaped, so none can drive the terminal.
  table.push(...rows.map((r) => r.map((c) => forTerminal(c))))
  return table.toString().split('\n').map((line) => line.trimEnd()).filter((line) => line !== '').join('\n')
}

export const printTable = (head: readonly string[], rows: ReadonlyArray<readonly string[]>): void => {
  process.stdout.write(`${formatTable(head, rows)}\n`)
}

/** Progress goes to stderr so `--json` on stdout stays parseable; silent when stderr is not a TTY unless forced. */
export function progress(message: string, options: { force?: boolean } = {}): void {
  if (options.force || process.stderr.isTTY) process.stderr.write(`${message}${process.stderr.isTTY ? '\r' : '\n'}`)
}

const cliWords = (message: string): string => message.replace(/pass "force": true/g, 'pass --force').replace(/`"force": true`/g, '`--force`')

/**
 * One line per problem: per-entry errors (`entries.<uuid>`: `[locale] problem`, as a refused
 * schema change lists them) are counted per distinct problem instead of printed per entry.
 */
function problemLines(errors: Record<string, string[]>): string[] {
  const lines: string[] = []
  const counts = new Map<string, number>()
  for (const [key, messages] of Object.entries(errors)) {
    if (!key.startsWith('entries.')) {
      for (const m of messages) lines.push(`${key}: ${m}`)
      continue
    }
    for (const m of new Set(messages.map((x) => x.replace(/^\[[^\]]*\] /, '')))) counts.set(m, (counts.get(m) ?? 0) + 1)
  }
  for (const [m, n] of counts) lines.push(`${n} entr${n === 1 ? 'y' : 'ies'}: ${m}`)
  return lines
}

/** Prints an error the way a user can act on it and sets the exit code. */
export function reportError(error: unknown, json = false): number {
  let code: number = EXIT.cannotRun
  let body: Record<string, unknown>
  if (error instanceof CliError) {
    code = error.exitCode
    body = { message: error.message }
  } else if (isValidationError(error)) {
    code = EXIT.problem
    body = { message: error.message, errors: error.errors }
  } else if (isCmsError(error)) {
    code = error.code === 'storage' || error.code === 'insufficient_storage' ? EXIT.cannotRun : EXIT.problem
    body = { message: error.message }
  } else if (error && typeof error === 'object' && 'data' in error && (error as { data?: { message?: unknown } }).data?.message) {
    // An API answer relayed by the client (ofetch FetchError).
    const data = (error as { data: Record<string, unknown> }).data
    code = EXIT.problem
    body = data
  } else {
    body = { message: error instanceof Error ? error.message : String(error) }
    if (process.env.CMS_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`)
  }
  // The service speaks API words; on the command line the flag is --force.
  if (typeof body.message === 'string') body = { ...body, message: cliWords(body.message) }
  if (json) {
    process.stdout.write(`${JSON.stringify({ error: body }, null, 2)}\n`)
  } else {
    process.stderr.write(`error: ${forTerminal(String(body.message))}\n`)
    const errors = body.errors as Record<string, string[]> | undefined
    if (errors) for (const line of problemLines(errors)) process.stderr.write(`  ${forTerminal(line)}\n`)
  }
  return code
}

/** "1 entry", "3 entries": a count with its noun in the right number. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
