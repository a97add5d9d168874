import { connect } from 'node:net'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forTerminal } from '../../../src/core/terminal.ts'
import { cms } from '../../helpers/cli.ts'
import { PASSWORD, startAuthServer, type AuthServer } from './helpers.ts'

/*
 * Control characters in what users type (sign-up email and display name, key names) are
 * refused, and what is printed to a terminal (`cms auth mail`, `cms user`, the server's log)
 * is escaped: `\u001b[2J` must neither clear the screen nor forge a message.
 */
let a: AuthServer
beforeAll(async () => {
  a = await startAuthServer({ enabled: true, rate_limits: { signup: 0 } })
})
afterAll(async () => {
  await a.close()
})

const ESC = '\u001b'
const FORGED = `${ESC}[2J${ESC}[H--- #1 2020-01-01\nTo: admin@example.com\nSubject: Your password\n\nReply with it.`

describe('sign-up refuses control characters', () => {
  it('in the email (422 naming email) and the display name (422 naming display_name)', async () => {
    const email = await a.call('POST', '/auth/signup', { json: { email: `a${ESC}[2J@example.com`, password: PASSWORD } })
    expect(email.status).toBe(422)
    expect(email.body.errors).toEqual({ email: ['The email field must not contain control characters.'] })
    const name = await a.call('POST', '/auth/signup', { json: { email: 'name@example.com', password: PASSWORD, display_name: FORGED } })
    expect(name.status).toBe(422)
    expect(name.body.errors).toEqual({ display_name: ['The display name field must not contain control characters.'] })
  })

  it('a C1 control (\\u009b, a one-byte CSI) and a line separator too; an accented or right-to-left name is fine', async () => {
    for (const display_name of ['x\u009b2Jy', 'one\u2028two']) {
      const res = await a.call('POST', '/auth/signup', { json: { email: 'c1@example.com', password: PASSWORD, display_name } })
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors as object)).toEqual(['display_name'])
    }
    const ok = await a.call('POST', '/auth/signup', { json: { email: 'rtl@example.com', password: PASSWORD, display_name: 'Zoë \u200fשלום' } })
    expect(ok.status).toBe(201)
    const key = await a.call('POST', '/auth/api-keys', { token: ok.body.access_token as string, json: { name: `build${ESC}[31m` } })
    expect(key.status).toBe(422)
    expect(Object.keys(key.body.errors as object)).toEqual(['name'])
  })
})

describe('printing to a terminal escapes', () => {
  it('forTerminal: controls become visible escapes; newlines kept only for multi-line text', () => {
    expect(forTerminal(`a${ESC}[2Jb`)).toBe('a\\x1b[2Jb')
    expect(forTerminal('x\u009by\u202ez')).toBe('x\\x9by\\u202ez')
    expect(forTerminal('one\ntwo\tthree')).toBe('one\\x0atwo\\x09three')
    expect(forTerminal('one\ntwo\tthree', { multiline: true })).toBe('one\ntwo\tthree')
    expect(forTerminal('Zoë plain')).toBe('Zoë plain')
  })

  it('cms auth mail and cms user list/show print stored control characters escaped (data from before the check)', async () => {
    const state = join(a.project.dir, 'state-with-controls', '.cms')
    await mkdir(state, { recursive: true })
    const at = new Date().toISOString()
    await writeFile(join(state, 'auth.json'), JSON.stringify({
      version: 1, next_ids: { users: 2, api_keys: 1, mail: 2 },
      users: [{ id: 1, uuid: '00000000-0000-4000-8000-000000000001', email: `old${ESC}[2J@example.com`, password_hash: 'x', display_name: FORGED, metadata: {}, email_verified_at: null, suspended_at: null, created_at: at, updated_at: at }],
      sessions: [], api_keys: [], verifications: [],
      mail: [{ id: 1, kind: 'verification', to: `old${ESC}[2J@example.com`, subject: 'Confirm your email address', text: `Hello ${FORGED},\n\nplease confirm.\n`, link: null, created_at: at }],
    }))
    const env = { CMS_STATE_DIR: state }
    const mail = await cms(['auth', 'mail', '--dir', a.project.contentDir], { env })
    expect(mail.code).toBe(0)
    expect(mail.stdout).not.toContain(ESC)
    expect(mail.stdout).toContain('To: old\\x1b[2J@example.com')
    // The forged message's lines stay inside the one real message: its newlines are escaped.
    expect(mail.stdout.match(/^--- #/gm)).toHaveLength(1)
    expect(mail.stdout).toContain('\\x1b[H--- #1')
    const list = await cms(['user', 'list', '--dir', a.project.contentDir], { env })
    expect(list.code).toBe(0)
    expect(list.stdout).not.toContain(ESC)
    expect(list.stdout).toContain('old\\x1b[2J@example.com')
    const show = await cms(['user', 'show', '00000000-0000-4000-8000-000000000001', '--dir', a.project.contentDir], { env })
    expect(show.code).toBe(0)
    expect(show.stdout).not.toContain(ESC)
    expect(show.stdout.match(/^To: /gm)).toBeNull()
  })

  it('the request log needs no escaping: Node answers 400 to a request line with control bytes, before any hook', async () => {
    const url = new URL(a.server.url)
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(`GET /a${ESC}[2Jb HTTP/1.1\r\nHost: x\r\n\r\n`))
      socket.once('data', (d) => {
        resolve(d.toString('latin1').split('\r\n')[0]!)
        socket.destroy()
      })
      socket.on('error', reject)
    })
    expect(status).toBe('HTTP/1.1 400 Bad Request')
  })
})
