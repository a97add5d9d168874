/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */
import type { AssetAnswers, AssetInputs } from './assets.ts'

export interface FamilyAnswers extends AssetAnswers {}

export interface FamilyInputs extends AssetInputs {}
