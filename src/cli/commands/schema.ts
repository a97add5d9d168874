import type { Command } from 'commander'

export function registerSchemaCommands(_program: Command): void {}
