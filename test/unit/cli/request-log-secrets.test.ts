import { expect, test } from 'vitest'
import { createRequestLog } from '../../../src/cli/request-log.ts'

/** `GET /_events?token=…&preview=…` (a browser's EventSource): the log never shows the tokens. */
test('query tokens are hidden in the request log', async () => {
  let out = ''
  let wrote!: () => void
  const written = new Promise<void>((resolve) => (wrote = resolve))
  const log = createRequestLog({ format: 'json', quiet: false, write: (text) => { out += text; wrote() } })
  log('GET', '/_events?project_id=p&token=cms_secret&preview=cpv_secret.sig', 200, 1, { remoteAddress: '127.0.0.1' })
  log('GET', '/posts/x?state=draft&Preview=cpv_other', 200, 1, { remoteAddress: '127.0.0.1' })
  await written
  expect(out).not.toMatch(/secret|other/)
  expect(out).toContain('/_events?project_id=p&token=[hidden]&preview=[hidden]')
})
