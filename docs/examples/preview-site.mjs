// A site in preview mode (docs/preview.md): renders an entry's draft through a preview token and
// updates its text when the change stream says the entry changed. Run it, then set the template:
//   CMS_URL=http://127.0.0.1:4000 CMS_PROJECT=<project id> node docs/examples/preview-site.mjs
//   cms project set --preview-url 'http://127.0.0.1:4321/{collection}/{uuid}?token={token}'
import { createServer } from 'node:http'

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const js = (v) => JSON.stringify(v).replace(/</g, '\\u003c')

export const previewSite = (cms, project) => createServer(async (req, res) => {
  const url = new URL(req.url, 'http://site')
  const [, collection, uuid] = url.pathname.split('/')
  const token = url.searchParams.get('token') ?? ''
  const answer = await fetch(`${cms}/${collection}/${uuid}?state=draft`, { headers: { 'project-id': project, 'cms-preview': token } })
  if (!answer.ok) return res.writeHead(answer.status).end(`Preview unavailable: ${esc((await answer.json()).message)}`)
  const { fields } = (await answer.json()).data
  if (url.searchParams.has('json')) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fields))
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><meta charset="utf-8"><title>${esc(fields.title)}</title>
<h1 data-cms-edit="${esc(collection)}/${esc(uuid)}/title">${esc(fields.title)}</h1>
<script src="${esc(cms)}/_admin/overlay.js"></script>
<script>new EventSource(${js(`${cms}/_events?project_id=${project}&preview=${token}`)}).addEventListener('change', async () => {
  document.querySelector('h1').textContent = (await (await fetch(location.href + '&json')).json()).title
})</script>`)
})

if (import.meta.url === `file://${process.argv[1]}`) previewSite(process.env.CMS_URL, process.env.CMS_PROJECT).listen(4321, '127.0.0.1')
