/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */

import type { SchedulingAnswers, SchedulingInputs } from './scheduling.ts'

export interface FamilyAnswers extends SchedulingAnswers {}

export interface FamilyInputs extends SchedulingInputs {}
