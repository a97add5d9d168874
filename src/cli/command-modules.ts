import type { Command } from 'commander'

type Register = (program: Command) => void

/**
 * The modules that add `cms`'s commands, in the order of the root's help, with the top-level
 * commands each adds or extends (`entry-review` adds `cms entry review`, so it follows `entry`).
 * A run loads only the modules of the command it names (cli/index.ts): the others' imports
 * cost every process time (docs/benchmarks.md, "Suite speed"). A unit test checks the names.
 */
export const COMMAND_MODULES: readonly { commands: readonly string[]; load: () => Promise<Register> }[] = [
  { commands: ['init'], load: async () => (await import('./commands/init.ts')).registerInit },
  { commands: ['import'], load: async () => (await import('./commands/import.ts')).registerImport },
  { commands: ['serve'], load: async () => (await import('./commands/serve.ts')).registerServe },
  { commands: ['editor-url'], load: async () => (await import('./commands/editor-url.ts')).registerEditorUrl },
  { commands: ['entry'], load: async () => (await import('./commands/entry.ts')).registerEntry },
  { commands: ['project'], load: async () => (await import('./commands/project.ts')).registerProject },
  { commands: ['token'], load: async () => (await import('./commands/token.ts')).registerToken },
  { commands: ['preview-token'], load: async () => (await import('./commands/preview-token.ts')).registerPreviewToken },
  { commands: ['user'], load: async () => (await import('./commands/user.ts')).registerUser },
  { commands: ['auth'], load: async () => (await import('./commands/auth.ts')).registerAuth },
  { commands: ['webhook'], load: async () => (await import('./commands/webhook.ts')).registerWebhook },
  { commands: ['schedule'], load: async () => (await import('./commands/schedule.ts')).registerSchedule },
  { commands: ['release'], load: async () => (await import('./commands/release.ts')).registerRelease },
  { commands: ['entry'], load: async () => (await import('./commands/entry-review.ts')).registerEntryReview },
  { commands: ['collection', 'field', 'locale'], load: async () => (await import('./commands/schema.ts')).registerSchemaCommands },
  { commands: ['validate', 'fmt', 'diff'], load: async () => (await import('./commands/review.ts')).registerReview },
  { commands: ['asset'], load: async () => (await import('./commands/asset.ts')).registerAsset },
  { commands: ['types'], load: async () => (await import('./commands/types.ts')).registerTypes },
  { commands: ['openapi'], load: async () => (await import('./commands/openapi.ts')).registerOpenApi },
  { commands: ['export'], load: async () => (await import('./commands/export.ts')).registerExport },
  { commands: ['mcp'], load: async () => (await import('./commands/mcp.ts')).registerMcp },
  { commands: ['git'], load: async () => (await import('./commands/git.ts')).registerGit },
]

/**
 * The modules a command line needs: those of the command it names first, none for a bare
 * `--version`, and all of them otherwise (the root's help, `help`, an unknown command and its
 * suggestion, options before the command), so every answer is the one the whole program gives.
 */
export function modulesFor(args: readonly string[]): typeof COMMAND_MODULES {
  const first = args[0]
  if (args.length === 1 && (first === '--version' || first === '-V')) return []
  const named = COMMAND_MODULES.filter((m) => first !== undefined && m.commands.includes(first))
  return named.length > 0 ? named : COMMAND_MODULES
}
