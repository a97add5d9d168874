/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */
import type { AuthAnswers, AuthInputs } from './auth.ts'

export interface FamilyAnswers extends AuthAnswers {}

export interface FamilyInputs extends AuthInputs {}
