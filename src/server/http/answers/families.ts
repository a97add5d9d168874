/**
 * The answers and inputs of each family of routes, one file per family (answers/<family>.ts),
 * gathered here so answers.ts stays short: `Answers` and `Inputs` extend these.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FamilyAnswers {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FamilyInputs {}
