import { MAX_FILE_BYTES, MAX_JSON_DEPTH } from '../core/limits.ts'

/**
 * The catalogue of problems a content file can have when it is read: one stable code per kind
 * of problem and the one message it is told with, whoever reads the file (the start-up load,
 * the watcher, `cms validate`). In the style of Astro's error catalogue: the code is the
 * contract (scripts match on it, docs/problems.md explains each), the message is for people.
 */
export const FILE_PROBLEMS = {
  /** The file cannot be opened or read (permissions, a folder in its place, too many open files). */
  unreadable: { title: 'Unreadable file', message: (why: string) => `cannot read it: ${why}` },
  /** The file went away between the listing and the read. */
  missing: { title: 'File not found', message: () => 'file not found' },
  /** A symbolic link where content must be: never followed out of the tree. */
  symlink: { title: 'Symbolic link', message: () => 'symbolic link: never followed (content must be real files and folders inside the content folder)' },
  /** Over the size limit: never read. */
  too_large: { title: 'File too large', message: (size: number) => `file is ${size} bytes; files over ${MAX_FILE_BYTES} bytes are not read (split the content or trim it)` },
  /** Values nested deeper than requests may nest them. */
  too_deep: { title: 'Nested too deep', message: () => `values are nested more than ${MAX_JSON_DEPTH} levels deep (the limit request bodies have too); the file is not used` },
  /** Not valid JSON or YAML. */
  syntax: { title: 'Syntax error', message: (format: 'JSON' | 'YAML', detail: string) => `${format} syntax error: ${detail}` },
  /** Parsed, but a field is missing or of the wrong type for this kind of file. */
  schema: { title: 'Invalid file', message: (details: string) => details },
  /** A collection file whose `slug` is not its file name. */
  slug_mismatch: { title: 'Slug does not match the file name', message: (slug: string) => `slug "${slug}" does not match the file name (expected collections/${slug}.yaml)` },
  /** An entry, asset or webhook file whose `uuid` is not its file name. */
  uuid_mismatch: { title: 'UUID does not match the file name', message: (uuid: string) => `uuid "${uuid}" does not match the file name` },
  /** An entry in `entries/<slug>/` with no `collections/<slug>.yaml`. */
  no_collection: { title: 'No such collection', message: (slug: string) => `no collection "${slug}" (collections/${slug}.yaml is missing)` },
  /** A version file whose `entry_uuid` is not its folder. */
  version_entry_mismatch: { title: 'Version in the wrong folder', message: (uuid: string, folder: string) => `entry_uuid "${uuid}" does not match the folder (${folder})` },
  /** A version file whose `version_number` is not its file name. */
  version_number_mismatch: { title: 'Version number does not match the file name', message: (n: number, file: number) => `version_number ${n} does not match the file name (${file}.json)` },
  /** `cms fmt` found the file changed between its read and its write: left alone. */
  changed_while_formatting: { title: 'Changed while formatting', message: () => 'changed while `cms fmt` ran; left as it is (run `cms fmt` again)' },
  /** `project.yaml` removed while serving: the last good settings stay. */
  project_removed: { title: 'project.yaml removed', message: () => 'project.yaml was removed; still serving the last good project settings' },
} as const

export type FileProblemCode = keyof typeof FILE_PROBLEMS

/** A file that could not be used, with what is wrong and where. */
export interface FileProblem {
  /** A stable code from FILE_PROBLEMS (docs/problems.md). */
  code: FileProblemCode
  /** Path relative to the content root, `/`-separated. */
  file: string
  message: string
  line?: number
  column?: number
}

type MessageArgs<C extends FileProblemCode> = Parameters<(typeof FILE_PROBLEMS)[C]['message']>

/** The problem `code` of `file`, told with the catalogue's message. */
export function fileProblem<C extends FileProblemCode>(code: C, file: string, args: MessageArgs<C>, where: { line?: number | undefined; column?: number | undefined } = {}): FileProblem {
  const message = (FILE_PROBLEMS[code].message as (...a: MessageArgs<C>) => string)(...args)
  return { code, file, message, ...(where.line ? { line: where.line } : {}), ...(where.column ? { column: where.column } : {}) }
}
