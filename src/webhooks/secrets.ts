import { readFileSync, statSync } from 'node:fs'
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * Webhook secrets, kept out of `content/`: `.cms/secrets.json` (mode 0600, `{webhooks:
 * {<uuid>: secret}}`), overridden per webhook by `CMS_WEBHOOK_SECRET_<UUID>` (upper or lower
 * case, dashes or underscores).
 */
export class SecretStore {
  readonly path: string
  readonly #env: Readonly<Record<string, string | undefined>>
  #cache: { mtimeMs: number; size: number; secrets: Record<string, string> } | null = null
  #writing: Promise<void> = Promise.resolve()

  constructor(stateDir: string, env: Readonly<Record<string, string | undefined>>) {
    this.path = join(stateDir, 'secrets.json')
    this.#env = env
  }

  get(uuid: string): string | null {
    const fromEnv = envSecret(this.#env, uuid)
    if (fromEnv) return fromEnv
    return this.#read()[uuid] ?? null
  }

  /** True when the environment supplies this webhook's secret (the file is then not consulted). */
  fromEnv(uuid: string): boolean {
    return envSecret(this.#env, uuid) !== null
  }

  /** Stores (or with null, forgets) a secret; the file is written atomically with mode 0600. */
  set(uuid: string, secret: string | null): Promise<void> {
    const task = this.#writing.catch(() => {}).then(async () => {
      const secrets = { ...this.#read() }
      if (secret === null) delete secrets[uuid]
      else secrets[uuid] = secret
      await writePrivate(this.path, `${JSON.stringify({ webhooks: secrets }, null, 2)}\n`)
      this.#cache = null
    })
    this.#writing = task
    return task
  }

  #read(): Record<string, string> {
    let stat
    try {
      stat = statSync(this.path)
    } catch {
      return {}
    }
    if (this.#cache && this.#cache.mtimeMs === stat.mtimeMs && this.#cache.size === stat.size) return this.#cache.secrets
    let secrets: Record<string, string> = {}
    try {
      const value = JSON.parse(readFileSync(this.path, 'utf8')) as { webhooks?: Record<string, unknown> }
      for (const [k, v] of Object.entries(value.webhooks ?? {})) if (typeof v === 'string') secrets[k] = v
    } catch {
      secrets = {}
    }
    this.#cache = { mtimeMs: stat.mtimeMs, size: stat.size, secrets }
    return secrets
  }
}

function envSecret(env: Readonly<Record<string, string | undefined>>, uuid: string): string | null {
  const names = [uuid.toUpperCase(), uuid.toLowerCase(), uuid.toUpperCase().replace(/-/g, '_'), uuid.toLowerCase().replace(/-/g, '_')]
  for (const name of names) {
    const value = env[`CMS_WEBHOOK_SECRET_${name}`]
    if (value) return value
  }
  return null
}

async function writePrivate(path: string, text: string): Promise<void> {
  const dir = join(path, '..')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(tmp, 'w', 0o600)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await chmod(tmp, 0o600)
  try {
    await rename(tmp, path)
  } catch (error) {
    await unlink(tmp).catch(() => {})
    throw error
  }
}
