import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { createToken } from '../../../src/service/tokens/manage.ts'
import type { Ability } from '../../../src/core/types.ts'
import type { TestServer } from '../../helpers/server.ts'

const run = promisify(execFile)
const BIN = fileURLToPath(new URL('../../../bin/cms.mjs', import.meta.url))

export { smallBlogTemplate as blogTemplate } from '../../helpers/templates.ts'

/** Gives the server a token with the given abilities; returns its plaintext. */
export async function addToken(server: TestServer, name: string, abilities: Ability[]): Promise<string> {
  return (await createToken(server.ctx.store, { name, abilities })).token
}

export interface CliResult { code: number; stdout: string; stderr: string; json: any }

/** Runs the built CLI; never throws on a non-zero exit. */
export async function cms(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: options.cwd, env: cleanEnv(), maxBuffer: 1 << 26 })
    return { code: 0, stdout, stderr, json: tryJson(stdout) }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof e.code === 'number' ? e.code : 2, stdout: e.stdout ?? '', stderr: e.stderr ?? '', json: tryJson(e.stdout ?? '') }
  }
}

const tryJson = (s: string): unknown => { try { return JSON.parse(s) } catch { return undefined } }

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of ['CMS_URL', 'CMS_TOKEN', 'CMS_PROJECT_ID', 'CMS_CONTENT_DIR']) delete env[key]
  return env
}
