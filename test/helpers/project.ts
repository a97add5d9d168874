import { mkdtemp, rm, writeFile, cp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importTemplate } from '../../src/import/template.ts'

export interface TempProject {
  /** Folder holding content/ and .cms/ */
  dir: string
  contentDir: string
  stateDir: string
  projectId: string
  cleanup(): Promise<void>
}

/** A fresh temp dir with a project imported from a template object (the hosted service's format). */
export async function makeProject(template: Record<string, unknown>): Promise<TempProject> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-test-'))
  const file = join(dir, 'template.json')
  await writeFile(file, JSON.stringify(template))
  const contentDir = join(dir, 'content')
  const summary = await importTemplate(file, contentDir)
  return { dir, contentDir, stateDir: join(dir, '.cms'), projectId: summary.project, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** A temp copy of a content tree (e.g. test/fixtures/...), for tests that edit files. */
export async function copyProject(contentSource: string): Promise<Omit<TempProject, 'projectId'>> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-test-'))
  const contentDir = join(dir, 'content')
  await cp(contentSource, contentDir, { recursive: true })
  return { dir, contentDir, stateDir: join(dir, '.cms'), cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** Builds a field in the template format with the hosted service's defaults. */
export function field(name: string, type: string, extra: { options?: Record<string, unknown>; validations?: Record<string, unknown>; label?: string; children?: unknown[] } = {}): Record<string, unknown> {
  return {
    type, label: extra.label ?? name.replace(/[_-]/g, ' ').replace(/^./, (c) => c.toUpperCase()), name,
    description: null, placeholder: null,
    options: { repeatable: false, multiple: false, hiddenInAPI: false, ...extra.options },
    validations: {
      unique: { status: false, message: null }, required: { status: false, message: null },
      charcount: { max: null, min: null, type: 'Between', status: false, message: null },
      ...extra.validations,
    },
    ...(extra.children ? { children: extra.children } : {}),
  }
}
