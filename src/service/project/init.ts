import { readFile, writeFile, access } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { CmsError } from '../../core/errors.ts'
import { newUuid, now, isLocale } from '../../core/ids.ts'
import type { Collection, Field, Project } from '../../core/types.ts'
import { writeFileAtomic } from '../../storage/atomic.ts'
import { serializeYaml } from '../../storage/codec.ts'
import { collectionDocument, projectDocument } from '../../storage/records.ts'
import { createLayout } from '../../storage/paths.ts'

export interface InitResult {
  uuid: string
  name: string
  content_dir: string
  collections: string[]
}

/** Scaffolds a project. Refuses to overwrite an existing one unless `force`. */
export async function initProject(contentDir: string, options: { name: string; locale: string; force: boolean }): Promise<InitResult> {
  if (!isLocale(options.locale)) throw new CmsError('bad_request', `--locale: "${options.locale}" is not a locale code (e.g. en, fr, pt-BR)`)
  const layout = createLayout(contentDir)
  if (!options.force && (await exists(layout.project))) {
    throw new CmsError('conflict', `A project already exists at ${contentDir} (project.yaml). Use --force to overwrite it.`)
  }
  const project: Project = {
    uuid: newUuid(), name: options.name, description: null,
    default_locale: options.locale, locales: [options.locale], api: 'public',
  }
  const at = now()
  const field = (name: string, label: string, type: Field['type'], required = false): Field => ({
    uuid: newUuid(), type, label, name, description: null, placeholder: null,
    options: { repeatable: false, hiddenInAPI: false }, validations: { required: { status: required, message: null } },
  })
  const posts: Collection = {
    uuid: newUuid(), name: 'Posts', slug: 'posts', is_singleton: false, order: 0, created_at: at, updated_at: at,
    fields: [field('title', 'Title', 'text', true), { ...field('slug', 'Slug', 'slug'), options: { slug: { field: 'title', readonly: false } } }, field('body', 'Body', 'richtext')],
  }
  await writeFileAtomic(layout.project, serializeYaml(projectDocument(project)))
  await writeFileAtomic(layout.collection('posts'), serializeYaml(collectionDocument(posts)))
  await ensureGitignore(dirname(contentDir))
  return { uuid: project.uuid, name: project.name, content_dir: contentDir, collections: ['posts'] }
}

/** Adds `.cms/` to the .gitignore beside the content root (runtime state must never be committed). */
export async function ensureGitignore(projectDir: string): Promise<void> {
  const path = join(projectDir, '.gitignore')
  const current = await readFile(path, 'utf8').catch(() => '')
  if (current.split(/\r?\n/).some((line) => line.trim() === '.cms/' || line.trim() === '.cms')) return
  await writeFile(path, `${current}${current && !current.endsWith('\n') ? '\n' : ''}.cms/\n`)
}

const exists = (path: string) => access(path).then(() => true, () => false)
