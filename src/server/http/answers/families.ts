/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */

import type { GitAnswers, GitInputs } from './git.ts'

export interface FamilyAnswers extends GitAnswers {}

export interface FamilyInputs extends GitInputs {}
