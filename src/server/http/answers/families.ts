import type { AssetAnswers, AssetInputs } from './assets.ts'
import type { AuthAnswers, AuthInputs } from './auth.ts'
import type { EntryAnswers, EntryInputs } from './entries.ts'
import type { GitAnswers, GitInputs } from './git.ts'
import type { SchedulingAnswers, SchedulingInputs } from './scheduling.ts'
import type { SchemaAnswers, SchemaInputs } from './schema.ts'

/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */

export interface FamilyAnswers extends AssetAnswers, AuthAnswers, EntryAnswers, GitAnswers, SchedulingAnswers, SchemaAnswers {}

export interface FamilyInputs extends AssetInputs, AuthInputs, EntryInputs, GitInputs, SchedulingInputs, SchemaInputs {}
