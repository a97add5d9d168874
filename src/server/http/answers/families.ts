import type { SchemaAnswers, SchemaInputs } from './schema.ts'

/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */

export interface FamilyAnswers extends SchemaAnswers {}

export interface FamilyInputs extends SchemaInputs {}
