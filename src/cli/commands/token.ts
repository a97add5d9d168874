import type { Command } from 'commander'

export function registerToken(_program: Command): void {}
