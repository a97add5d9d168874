import { describe, expect, test } from 'vitest'
import { Command } from 'commander'
import { COMMAND_MODULES, modulesFor } from '../../../src/cli/command-modules.ts'

/** A command line loads only the command modules it needs (cli/index.ts): each builds the command it would build in the whole program. */
describe('command modules', () => {
  const tree = (cmd: Command): unknown => ({ help: cmd.helpInformation(), aliases: cmd.aliases(), commands: cmd.commands.map(tree) })
  const build = async (modules: typeof COMMAND_MODULES) => {
    const program = new Command('cms')
    for (const m of modules) (await m.load())(program)
    return program
  }

  test('each module adds or extends exactly the top-level commands it lists', async () => {
    const program = new Command('cms')
    for (const m of COMMAND_MODULES) {
      const before = new Map(program.commands.map((c) => [c.name(), JSON.stringify(tree(c))]))
      ;(await m.load())(program)
      const touched = program.commands.filter((c) => before.get(c.name()) !== JSON.stringify(tree(c))).map((c) => c.name())
      expect(touched).toEqual(m.commands)
    }
  })

  test('every top-level command built from its modules alone is the one the whole program has', async () => {
    const whole = await build(COMMAND_MODULES)
    for (const cmd of whole.commands) {
      const alone = await build(modulesFor([cmd.name(), 'x']))
      expect(alone.commands.map((c) => c.name())).toContain(cmd.name())
      expect(tree(alone.commands.find((c) => c.name() === cmd.name())!)).toEqual(tree(cmd))
    }
  })

  test('the root help, help, unknown commands and options first load every module; a bare --version none', () => {
    for (const args of [[], ['--help'], ['help', 'entry'], ['entri'], ['--dir', 'x', 'entry']]) expect(modulesFor(args)).toBe(COMMAND_MODULES)
    expect(modulesFor(['--version'])).toEqual([])
    expect(modulesFor(['-V'])).toEqual([])
    expect(modulesFor(['entry', 'list']).length).toBe(2)
  })
})
