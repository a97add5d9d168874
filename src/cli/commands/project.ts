import type { Command } from 'commander'

export function registerProject(_program: Command): void {}
