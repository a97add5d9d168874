import type { Command } from 'commander'

export function registerEntry(_program: Command): void {}
