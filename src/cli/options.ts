import { Option } from 'commander'

/** `--dir` on every command: the content root (default ./content, env CMS_CONTENT_DIR). */
export const dirOption = (): Option => new Option('-d, --dir <path>', 'content root (default: ./content or $CMS_CONTENT_DIR)')
export const jsonOption = (): Option => new Option('--json', 'machine-readable output on stdout')

/** Parses a port flag; 0 means any free port. */
export function parsePort(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--port must be an integer 0..65535, got ${JSON.stringify(value)}`)
  return n
}
