/** Exit codes: 0 ok, 1 a problem with the user's input or content, 2 could not run (or a bug). */
export const EXIT = { ok: 0, problem: 1, cannotRun: 2 } as const

/**
 * A failure said in the command line's words, with its exit code. Here rather than in cli/ so
 * that reaching the API (this folder), which the CLI and the MCP server share, can say why it
 * could not (no project id, no server at --url, the writer lock taken).
 */
export class CliError extends Error {
  override name = 'CliError'
  readonly exitCode: number
  constructor(message: string, exitCode: number = EXIT.problem) {
    super(message)
    this.exitCode = exitCode
  }
}
