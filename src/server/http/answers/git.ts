import type {
  ChangesStatus, GitBranchCreated, GitBranchInput, GitBranchList, GitBranchState, GitCommitInput, GitCommitResult, GitComparison,
  GitDiscardResult, GitSelection, GitSwitchInput, GitSwitchResult,
} from '../../../git/changes.ts'

/** What the editor's "Changes" routes answer (routes/git.ts; the operations are in git/changes.ts). */
export interface GitAnswers {
  /** Saved but not committed: the changed files and the report per entry and field (as `cms diff`), whether writes commit themselves, the committer's last outcomes. */
  GitStatus: ChangesStatus
  /** The commit just made of the chosen changes, and their paths. */
  GitCommit: GitCommitResult
  /** The paths put back as HEAD has them (or removed). */
  GitDiscard: GitDiscardResult
  /** The current branch and HEAD, why commits are refused now, writes waiting for their commit. */
  GitBranch: GitBranchState
  /** The local branches, the current one marked. */
  GitBranches: GitBranchList
  /** A content branch just created. */
  GitBranchCreated: GitBranchCreated
  /** The branch switched to and its HEAD. */
  GitSwitch: GitSwitchResult
  /** This branch against a base from their merge base: the pull-request view. */
  GitCompare: GitComparison
}

/** What the "Changes" routes take in their JSON body. */
export interface GitInputs {
  /** Changes to commit (`files` and/or `entries`) and the message. */
  GitCommitInput: GitCommitInput
  /** Changes to discard (`files` and/or `entries`). */
  GitDiscardInput: GitSelection
  /** A branch to create. */
  GitBranchInput: GitBranchInput
  /** A branch to switch to. */
  GitSwitchInput: GitSwitchInput
}
