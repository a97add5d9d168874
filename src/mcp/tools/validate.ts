import { ok } from '../call.ts'
import { defineTool, type ToolScope } from './define.ts'

/** `validate_content`: what `cms validate` reports, on the files of this machine's content dir. */
export function registerValidateTool(scope: ToolScope): void {
  const root = scope.target.contentDir
  // With --url there are no local files to check; the tool is not offered.
  if (!root) return
  defineTool(scope, 'validate_content', {
    title: 'Validate content',
    kind: 'read',
    description: 'Check every file of the content folder (schemas, entries, versions, assets, references), as `cms validate` does, without writing. Answers {ok, files, entries, problems: [{file, line, rule, message}]}; fix problems by editing the named entries.',
    input: {},
  }, async () => {
    const { validateTree } = await import('../../review/validate.ts')
    const report = await validateTree(root)
    const { root: _root, ...result } = report
    const n = report.problems.length
    return ok(n === 0 ? `Content is valid (${report.files} files, ${report.entries} entries).` : `${n} problem(s) in ${report.files} files; first: ${report.problems[0]!.file}: ${report.problems[0]!.message}`, result)
  })
}
