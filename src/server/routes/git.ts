import type { H3Event } from 'h3'
import type { CmsApp } from '../http/cms-app.ts'
import type { AppContext } from '../../context.ts'
import { defineRoutes, gitAuthorOf } from '../http/route.ts'
import { readJsonBody } from '../http/body.ts'
import {
  branchState, changesStatus, commitSelection, compareWith, createBranch, discardSelection, listBranches, switchBranch,
} from '../../git/changes.ts'
import { jsonResponse as json } from '../http/json-text.ts'

/**
 * What the editor's "Changes" screen calls (docs/git.md): admin ability, a token always.
 * They work whether or not writes are committed automatically, as long as the content root
 * is in a git work tree (else 409).
 */
export function registerGitRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/api/git/status', ability: 'admin', token: 'always', summary: 'Saved but not committed: changed files, and per entry and field as `cms diff` renders it (`report`, `text`, `markdown`)',
      answer: 'GitStatus',
      handler: () => changesStatus(ctx),
    },
    {
      method: 'POST', path: '/_admin/api/git/commit', status: 201, ability: 'admin', token: 'always', summary: 'Commit chosen changes (`files` paths and/or `entries` uuids) with a `message`; the author is the caller',
      input: 'GitCommitInput', answer: 'GitCommit',
      handler: async (event, principal) => json(201, await commitSelection(ctx, await readJsonBody(event, ctx), gitAuthorOf(ctx, principal))),
    },
    {
      method: 'POST', path: '/_admin/api/git/discard', ability: 'admin', token: 'always', summary: 'Discard chosen changes (`files` and/or `entries`): restore them from HEAD; new files are removed',
      input: 'GitDiscardInput', answer: 'GitDiscard',
      handler: async (event) => discardSelection(ctx, await readJsonBody(event, ctx)),
    },
    {
      method: 'GET', path: '/_admin/api/git/branch', ability: 'admin', token: 'always', summary: 'Current branch and HEAD, why commits are refused now (`blocked`), writes waiting for their commit',
      answer: 'GitBranch',
      handler: () => branchState(ctx),
    },
    {
      method: 'GET', path: '/_admin/api/git/branches', ability: 'admin', token: 'always', summary: 'Local branches, the current one marked',
      answer: 'GitBranches',
      handler: () => listBranches(ctx),
    },
    {
      method: 'POST', path: '/_admin/api/git/branches', status: 201, ability: 'admin', token: 'always', summary: 'Create a content branch (`name`, optional `from`, `switch: true` to switch to it) (201)',
      input: 'GitBranchInput', answer: 'GitBranchCreated',
      handler: async (event) => json(201, await createBranch(ctx, await readJsonBody(event, ctx))),
    },
    {
      method: 'POST', path: '/_admin/api/git/switch', ability: 'admin', token: 'always', summary: 'Switch to another branch (`branch`), as `git switch` does; waiting commits are made first',
      input: 'GitSwitchInput', answer: 'GitSwitch',
      handler: async (event) => switchBranch(ctx, await readJsonBody(event, ctx)),
    },
    {
      method: 'GET', path: '/_admin/api/git/compare', ability: 'admin', token: 'always', summary: 'This branch against `base` (default `main`) from their merge base: the pull-request view, as `cms diff --format markdown`',
      answer: 'GitCompare',
      handler: (event: H3Event) => compareWith(ctx, event.url.searchParams.get('base')),
    },
  ])
}

