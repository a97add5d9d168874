import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ContentStore } from '../storage/store.ts'
import { CmsError, ValidationError } from '../core/errors.ts'
import { isUuid } from '../core/ids.ts'
import { writeFileAtomic } from '../storage/atomic.ts'
import { createLayout } from '../storage/paths.ts'
import { setAsideFolders } from '../storage/removals.ts'
import { applyBatch } from '../storage/watcher.ts'
import { diffRevisions, type DiffReport } from '../review/diff.ts'
import { renderDiff } from '../review/diff-render.ts'
import { changedFiles, openRepo } from '../review/git.ts'
import { commitPaths, type Author } from './commit.ts'
import { cleanMessage } from './message.ts'
import { git } from './exec.ts'
import { blockedReason, claimPrivateIndex } from './locks.ts'
import { currentBranch, fromTop, headCommit, locateRepo, refusalReason, type GitRepo } from './repo.ts'
import { stateInTree, statePaths } from './state-paths.ts'
import type { CommitWarning, GitCommitter, LastCommit, Refusal } from './committer.ts'

/** What the Changes operations read of their context: the store, and the committer when `--git-commit` is on. */
export interface ChangesContext {
  readonly store: ContentStore
  readonly git?: GitCommitter
}

/**
 * What the editor's "Changes" screen and `cms git status` need: what is saved but not
 * committed (rendered per entry and field as `cms diff` does), commit a selection, discard a
 * change, branches, and this branch against main. Reads go through private index files in
 * `.cms/`; only `switch` touches the work tree, as `git switch` would.
 */
export interface ChangedFile {
  /** Path relative to the content root. */
  path: string
  status: 'added' | 'modified' | 'deleted'
  /** The entry the file belongs to (the entry file or one of its versions). */
  entry?: string
  collection?: string
}

export interface WorkingStatus {
  branch: string | null
  head: string | null
  /** Why commits are refused right now, in plain words (`rebase in progress`, a stale `.git/index.lock`), or null. */
  blocked: string | null
  files: ChangedFile[]
  report: DiffReport
  text: string
  markdown: string
}

/** The repository of a context's content root; a 409 the user can act on when there is none. */
async function repoOf(ctx: ChangesContext): Promise<GitRepo> {
  if (ctx.git) return ctx.git.repo
  try {
    return await locateRepo(ctx.store.layout.root)
  } catch (error) {
    throw asCmsError(error)
  }
}

/** Git's refusal as a 409 without local paths; a missing git as a plain error (500 is right: the server cannot run it). */
function asCmsError(error: unknown): unknown {
  // review/git.ts has its own GitError class: both name themselves so.
  if (!(error instanceof Error) || error.name !== 'GitError') return error
  if (/not inside a git work tree/.test(error.message)) return new CmsError('conflict', 'The content root is not inside a git work tree (run `git init` in the project folder).')
  if (/not installed/.test(error.message)) return new CmsError('conflict', 'git is not installed on the server (or not on its PATH).')
  return new CmsError('conflict', `git refused: ${error.message.replaceAll(process.cwd(), '.')}`)
}

const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn()
  } catch (error) {
    throw asCmsError(error)
  }
}

/** Status calls on one state folder share its private index (its stat cache makes the next call fast): one at a time per folder. */
const statusChains = new Map<string, Promise<unknown>>()

/** What is saved under the content root but not in HEAD, as `cms diff HEAD <work tree>` would show it. */
function workingStatus(ctx: ChangesContext): Promise<WorkingStatus> {
  return statusAt({ root: ctx.store.layout.root, stateDir: ctx.store.layout.stateDir }, ctx.git?.repo)
}

/** The same for a content root without a loaded store (`cms git status`). */
export function statusAt(where: { root: string; stateDir: string }, known?: GitRepo): Promise<WorkingStatus> {
  const run = (statusChains.get(where.stateDir) ?? Promise.resolve()).then(() => computeStatus(where, known))
  const tail = run.catch(() => {})
  statusChains.set(where.stateDir, tail)
  // The last call in the chain removes it, so the map holds only folders with a call under way.
  void tail.then(() => { if (statusChains.get(where.stateDir) === tail) statusChains.delete(where.stateDir) })
  return run
}

async function computeStatus(where: { root: string; stateDir: string }, known?: GitRepo): Promise<WorkingStatus> {
  const repo = known ?? await locateRepo(where.root)
  await mkdir(where.stateDir, { recursive: true })
  // Calls here are serialised: a lock on the status index is a dead process's (cleared), or a
  // live one's (a `cms git status` beside the server): then this call uses an index of its own.
  const shared = join(where.stateDir, 'git-status-index')
  const own = await claimPrivateIndex(shared) ? `${shared}.${process.pid}` : null
  try {
    return await statusWith(where, repo, own ?? shared)
  } finally {
    if (own) await rm(own, { force: true })
  }
}

async function statusWith(where: { root: string; stateDir: string }, repo: GitRepo, indexFile: string): Promise<WorkingStatus> {
  const cwd = repo.top
  const index = { GIT_INDEX_FILE: indexFile }
  const machine = { GIT_AUTHOR_NAME: 'cms', GIT_AUTHOR_EMAIL: 'cms@localhost', GIT_COMMITTER_NAME: 'cms', GIT_COMMITTER_EMAIL: 'cms@localhost', GIT_AUTHOR_DATE: '@0 +0000', GIT_COMMITTER_DATE: '@0 +0000' }
  const [branch, headNow, ident] = await Promise.all([currentBranch(repo), headCommit(repo), git(['var', 'GIT_COMMITTER_IDENT'], { cwd, okCodes: [128] })])
  // Diffs are between commits: a branch without commits yet is compared with an empty one.
  const emptyTree = (await git(['hash-object', '-t', 'tree', '-w', '--stdin'], { cwd })).stdout.trim()
  const base = headNow ?? (await git(['commit-tree', emptyTree, '-m', 'empty'], { cwd, env: machine })).stdout.trim()
  await git(['read-tree', '-i', '-m', base], { cwd, env: index })
  // Folders a removal sets aside for a moment (or until the next writer after a crash) are not changes.
  const setAside = setAsideFolders(createLayout(where.root)).map((dir) => `:(exclude,literal)${fromTop(repo, dir)}`)
  await git(['add', '-A', '--', `:(literal)${repo.prefix || '.'}`, ...setAside], { cwd, env: index })
  const tree = (await git(['write-tree'], { cwd, env: index })).stdout.trim()
  // A commit object nothing points at (git gc removes it): the work tree as a revision to diff.
  const work = (await git(['commit-tree', tree, '-p', base, '-m', 'cms: work tree'], { cwd, env: machine })).stdout.trim()
  const root = where.root
  const report = await diffRevisions(root, base, work)
  report.base.rev = headNow ? 'HEAD' : '(no commits)'
  report.head.rev = 'work tree'
  const changes = await changedFiles(await openRepo(root), base, work)
  const files = changes.map((c): ChangedFile => {
    const m = /^(?:entries\/([^/]+)\/([^/]+)\.json|versions\/([^/]+)\/([^/]+)\/[^/]+)$/.exec(c.path)
    const uuid = m?.[2] ?? m?.[4]
    const slug = m?.[1] ?? m?.[3]
    return { path: c.path, status: !c.before ? 'added' : !c.after ? 'deleted' : 'modified', ...(uuid && isUuid(uuid) ? { entry: uuid, collection: slug! } : {}) }
  }).sort((a, b) => (a.path < b.path ? -1 : 1))
  const noIdentity = ident.code === 0 ? null : 'no git identity (set user.name and user.email with git config)'
  return { branch, head: headNow, blocked: blockedReason(repo, join(where.stateDir, 'git-index')) ?? noIdentity, files, report, text: renderDiff(report, 'text'), markdown: renderDiff(report, 'markdown') }
}

/** Which changes to commit or discard: at least one file or entry. */
export interface GitSelection {
  /** Paths relative to the content root, as `files[].path` of the status lists them. */
  files?: string[]
  /** Entry uuids: the entry file and its version files. */
  entries?: string[]
}

/** A selection to commit, with its message. */
export interface GitCommitInput extends GitSelection {
  /** The commit message (at most 10000 characters). */
  message: string
}

/** A content branch to create. */
export interface GitBranchInput {
  /** The new branch's name (as `git check-ref-format --branch` allows). */
  name: string
  /** The branch to start it from; HEAD when left out. */
  from?: string | null
  /** `true`: switch to it once created. */
  switch?: boolean
}

/** The branch to switch to. */
export interface GitSwitchInput {
  /** An existing local branch. */
  branch: string
}

/** A JSON body as received: any field of T may hold anything until it is checked here. */
type Unchecked<T> = { [K in keyof T]?: unknown }

/** What a commit of chosen changes made. */
export interface GitCommitResult {
  commit: string
  branch: string
  /** The committed paths, relative to the content root. */
  files: string[]
}

/** The discarded paths, relative to the content root. */
export interface GitDiscardResult {
  files: string[]
}

/** The current branch and HEAD, why commits are refused now, writes waiting for their commit. */
export interface GitBranchState {
  branch: string | null
  head: string | null
  blocked: string | null
  pending: number
}

/** The local branches, the current one marked. */
export interface GitBranchList {
  current: string | null
  branches: BranchInfo[]
}

/** A branch just created: its name, the commit it starts at, whether the server switched to it. */
export interface GitBranchCreated {
  branch: string
  commit: string
  switched: boolean
}

/** The branch switched to and its HEAD. */
export interface GitSwitchResult {
  branch: string
  head: string
}

/** This branch against a base from their merge base: the report, rendered as markdown and text. */
export interface GitComparison {
  base: string
  head: string | null
  merge_base: string
  report: DiffReport
  markdown: string
  text: string
}

/** The changed files a selection names; 422 for anything that is not one of them. */
function select(status: WorkingStatus, body: Unchecked<GitSelection>): ChangedFile[] {
  const errors: Record<string, string[]> = {}
  const chosen = new Map<string, ChangedFile>()
  const byPath = new Map(status.files.map((f) => [f.path, f]))
  const list = (name: 'files' | 'entries'): unknown[] => {
    const v = body[name]
    if (v === undefined || v === null) return []
    if (!Array.isArray(v)) { errors[name] = [`The ${name} field must be an array.`]; return [] }
    return v
  }
  list('files').forEach((p, i) => {
    const f = typeof p === 'string' ? byPath.get(p) : undefined
    if (!f) errors[`files.${i}`] = [typeof p === 'string' ? `${JSON.stringify(p.slice(0, 200))} is not a changed file (see GET /_admin/api/git/status).` : 'Each file must be a path string.']
    else chosen.set(f.path, f)
  })
  list('entries').forEach((u, i) => {
    const found = typeof u === 'string' ? status.files.filter((f) => f.entry === u.toLowerCase()) : []
    if (found.length === 0) errors[`entries.${i}`] = [typeof u === 'string' ? `Entry ${JSON.stringify(u.slice(0, 60))} has no uncommitted changes.` : 'Each entry must be a uuid string.']
    for (const f of found) chosen.set(f.path, f)
  })
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  if (chosen.size === 0) throw new ValidationError({ files: ['Choose at least one change: give `files` (paths) or `entries` (uuids).'] })
  return [...chosen.values()]
}

/** Commits the chosen changes with the caller's message (the commit-msg hook and the rest as for automatic commits). */
export async function commitSelection(ctx: ChangesContext, body: Unchecked<GitCommitInput>, author: Author | null): Promise<GitCommitResult> {
  // Cleaned before the checks: a message of control characters only is no message.
  const message = typeof body.message === 'string' ? cleanMessage(body.message).trim() : ''
  if (!message) throw new ValidationError({ message: ['The message field is required.'] })
  if (message.length > 10_000) throw new ValidationError({ message: ['The message may not be greater than 10000 characters.'] })
  const status = await guarded(() => workingStatus(ctx))
  const chosen = select(status, body)
  const repo = await repoOf(ctx)
  const paths = chosen.map((f) => fromTop(repo, f.path))
  const outcome = await guarded(() => ctx.git
    ? ctx.git.commitNow(paths, message, author)
    : commitPaths(repo, join(ctx.store.layout.stateDir, 'git-index'), { paths, message, author }))
  if (outcome.kind === 'refused') throw new CmsError('conflict', `Not committed: ${outcome.reason}. The changes are still saved.`)
  if (outcome.kind === 'nothing') throw new CmsError('conflict', 'Nothing to commit: the chosen files already match HEAD.')
  return { commit: outcome.commit, branch: outcome.branch, files: chosen.map((f) => f.path) }
}

/**
 * Puts the chosen files back as HEAD has them (a file HEAD does not have is removed), each
 * atomically, then applies them to the index at once so the API answers with the old content.
 */
export async function discardSelection(ctx: ChangesContext, body: Unchecked<GitSelection>): Promise<GitDiscardResult> {
  const status = await guarded(() => workingStatus(ctx))
  const chosen = select(status, body)
  const root = ctx.store.layout.root
  const repo = await repoOf(ctx)
  const inHead = status.head ? await guarded(async () => {
    const out = (await git(['ls-tree', '-r', '-z', '--full-tree', status.head!, '--', ...chosen.map((f) => fromTop(repo, f.path))], { cwd: repo.top, env: { GIT_LITERAL_PATHSPECS: '1' } })).stdout
    const map = new Map<string, string>()
    const cut = repo.prefix ? repo.prefix.length + 1 : 0
    for (const rec of out.split('\0')) {
      if (!rec) continue
      const tab = rec.indexOf('\t')
      map.set(rec.slice(tab + 1 + cut), rec.slice(0, tab).split(' ')[2]!)
    }
    return map
  }) : new Map<string, string>()
  const written: string[] = []
  for (const f of chosen) {
    const abs = join(root, ...f.path.split('/'))
    const id = inHead.get(f.path)
    // Byte for byte (asset files are binary): one cat-file per file; a discard names few files.
    if (id !== undefined) await writeFileAtomic(abs, (await guarded(() => git(['cat-file', 'blob', id], { cwd: repo.top }))).bytes)
    else await rm(abs, { force: true })
    written.push(abs)
  }
  await applyBatch(ctx.store.ingestion, written)
  return { files: chosen.map((f) => f.path) }
}

/** A local branch: its name, the commit it points at, whether it is checked out. */
export interface BranchInfo { name: string; commit: string; current: boolean }

export async function branchState(ctx: ChangesContext): Promise<GitBranchState> {
  const repo = await repoOf(ctx)
  const [branch, head] = await guarded(() => Promise.all([currentBranch(repo), headCommit(repo)]))
  return { branch, head, blocked: blockedReason(repo, join(ctx.store.layout.stateDir, 'git-index')), pending: ctx.git?.pendingFiles ?? 0 }
}

export async function listBranches(ctx: ChangesContext): Promise<GitBranchList> {
  const repo = await repoOf(ctx)
  const [current, out] = await guarded(() => Promise.all([
    currentBranch(repo),
    git(['for-each-ref', '--format=%(refname:short)%00%(objectname)', 'refs/heads'], { cwd: repo.top }),
  ]))
  const branches = out.stdout.split('\n').filter(Boolean).map((line) => {
    const [name, commit] = line.split('\0')
    return { name: name!, commit: commit!, current: name === current }
  })
  return { current, branches }
}

async function checkBranchName(repo: GitRepo, name: unknown, field: string): Promise<string> {
  if (typeof name !== 'string' || !name.trim()) throw new ValidationError({ [field]: [`The ${field} field is required.`] })
  const ok = !name.startsWith('-') && name.length <= 200 && (await git(['check-ref-format', '--branch', name], { cwd: repo.top, okCodes: [1, 128] })).code === 0
  if (!ok) throw new ValidationError({ [field]: [`${JSON.stringify(name.slice(0, 200))} is not a valid branch name.`] })
  return name
}

const branchExists = async (repo: GitRepo, name: string): Promise<boolean> =>
  (await git(['show-ref', '--verify', '--quiet', `refs/heads/${name}`], { cwd: repo.top, okCodes: [1] })).code === 0

/** Creates a branch at `from` (default HEAD); with `switch`, switches to it. */
export async function createBranch(ctx: ChangesContext, body: Unchecked<GitBranchInput>): Promise<GitBranchCreated> {
  const repo = await repoOf(ctx)
  const name = await checkBranchName(repo, body.name, 'name')
  if (await branchExists(repo, name)) throw new ValidationError({ name: [`A branch named ${JSON.stringify(name)} already exists.`] })
  let from = 'HEAD'
  if (body.from !== undefined && body.from !== null) from = await checkBranchName(repo, body.from, 'from')
  const start = await git(['rev-parse', '-q', '--verify', `${from}^{commit}`], { cwd: repo.top, okCodes: [1] })
  if (start.code !== 0) throw new ValidationError({ from: [`No commit named ${JSON.stringify(from)}.`] })
  const commit = start.stdout.trim()
  await guarded(() => git(['branch', name, commit], { cwd: repo.top }))
  if (body.switch === true) await switchBranch(ctx, { branch: name })
  return { branch: name, commit, switched: body.switch === true }
}

/**
 * Switches the work tree to another branch, as `git switch` does (it refuses when local
 * changes would be lost). Waiting commits are made first, on the branch they were written on;
 * the watcher then applies the other branch's files live.
 */
export async function switchBranch(ctx: ChangesContext, body: Unchecked<GitSwitchInput>): Promise<GitSwitchResult> {
  const repo = await repoOf(ctx)
  const name = await checkBranchName(repo, body.branch, 'branch')
  if (!(await branchExists(repo, name))) throw new ValidationError({ branch: [`No branch named ${JSON.stringify(name)}.`] })
  const blocked = refusalReason(repo)
  if (blocked && blocked !== 'detached HEAD') throw new CmsError('conflict', `Cannot switch branches now: ${blocked}.`)
  // git would overwrite the server's own (ignored) state with the branch's copy: never switch to one that tracks it.
  const state = await stateInTree(repo, statePaths(repo, ctx.store.layout), `refs/heads/${name}`)
  if (state.length > 0) {
    throw new CmsError('conflict', `Branch ${JSON.stringify(name)} tracks runtime state (${state.slice(0, 5).join(', ')}${state.length > 5 ? `, ${state.length - 5} more` : ''}); switching to it would replace this server's end users, keys or settings with the branch's copy. Remove them from that branch (\`git rm -r --cached <path>\`, commit) first.`)
  }
  await ctx.store.flush()
  await ctx.git?.flush()
  await guarded(() => git(['switch', '--no-guess', name], { cwd: repo.top }))
  return { branch: name, head: (await headCommit(repo)) ?? '' }
}

/** This branch against `base` (default `main`) from their merge base: what its pull request would show. */
export async function compareWith(ctx: ChangesContext, baseName: string | null): Promise<GitComparison> {
  const repo = await repoOf(ctx)
  const base = await checkBranchName(repo, baseName ?? 'main', 'base')
  const exists = await git(['rev-parse', '-q', '--verify', `${base}^{commit}`], { cwd: repo.top, okCodes: [1] })
  if (exists.code !== 0) throw new ValidationError({ base: [`No branch named ${JSON.stringify(base)}.`] })
  const mb = await git(['merge-base', base, 'HEAD'], { cwd: repo.top, okCodes: [1] })
  if (mb.code !== 0) throw new CmsError('conflict', `This branch and ${base} have no common history.`)
  const mergeBase = mb.stdout.trim()
  const report = await guarded(() => diffRevisions(ctx.store.layout.root, mergeBase, 'HEAD'))
  report.base.rev = base
  const head = await currentBranch(repo)
  if (head) report.head.rev = head
  return { base, head, merge_base: mergeBase, report, markdown: renderDiff(report, 'markdown'), text: renderDiff(report, 'text') }
}

/** workingStatus with git's refusals as 409s (for HTTP). */
export const guardedStatus = (ctx: ChangesContext): Promise<WorkingStatus> => guarded(() => workingStatus(ctx))

/** `GET /_admin/api/git/status`: the working status, whether writes commit themselves, and the committer's last outcomes. */
export interface ChangesStatus extends WorkingStatus {
  auto_commit: boolean
  /** Writes waiting for their commit. */
  pending: number
  /** Why the last automatic commit was not made. */
  last_refusal: Refusal | null
  /** A commit was made but the git index could not follow it. */
  last_warning: CommitWarning | null
  /** The last commit the committer made. */
  last_commit: LastCommit | null
}

export async function changesStatus(ctx: ChangesContext): Promise<ChangesStatus> {
  const [status, state] = await Promise.all([guardedStatus(ctx), branchState(ctx)])
  return { ...status, auto_commit: ctx.git !== undefined, pending: state.pending, last_refusal: ctx.git?.lastRefusal ?? null, last_warning: ctx.git?.lastWarning ?? null, last_commit: ctx.git?.lastCommit ?? null }
}
