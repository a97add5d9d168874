import { BaseSequencer, type TestSpecification } from 'vitest/node'

const isEditorFile = (spec: TestSpecification): boolean => spec.moduleId.includes('/test/e2e/editor/')

/**
 * vitest's order (slowest file first, by the last run's durations), with the editor files spread
 * evenly through the first ~85% of the e2e files instead of bunched: the two workers take files
 * from this queue in order, so a browser file mostly runs beside an API file, rarely beside
 * another browser. They used to run one at a time after everything else, a two-minute tail on one
 * core (docs/benchmarks.md, "Suite speed").
 */
export default class EditorBesideSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const editor = sorted.filter(isEditorFile)
    if (editor.length === 0) return unitFirst(sorted)
    const rest = sorted.filter((spec) => !isEditorFile(spec))
    const project = editor[0]!.project.name
    const first = rest.findIndex((spec) => spec.project.name === project)
    if (first === -1) return unitFirst(sorted)
    let count = 0
    while (rest[first + count]?.project.name === project) count++
    const step = (count * 0.85) / editor.length
    // From the back, so the positions before an insertion stay where they were computed.
    for (let i = editor.length - 1; i >= 0; i--) rest.splice(first + Math.round(i * step + step / 2), 0, editor[i]!)
    return unitFirst(rest)
  }
}

/**
 * The unit project's files first: a worker runs one project's files, so after the last end-to-end
 * file the unit files ran in workers of their own, ~17 s at about one file at a time (docs/benchmarks.md,
 * "Suite speed"). First, both workers share them, and the run ends on the shortest end-to-end files.
 * Then the files that need a fresh process (the e2e-fresh project): last, by their size, one ran
 * alone after everything else, ~2 s of a worker started for it.
 */
function unitFirst(files: TestSpecification[]): TestSpecification[] {
  const first = ['unit', 'e2e-fresh']
  return [...first.flatMap((name) => files.filter((spec) => spec.project.name === name)), ...files.filter((spec) => !first.includes(spec.project.name))]
}
