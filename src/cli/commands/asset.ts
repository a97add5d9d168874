import type { Command } from 'commander'

export function registerAsset(_program: Command): void {}
