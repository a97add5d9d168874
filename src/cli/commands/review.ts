import type { Command } from 'commander'

export function registerReview(_program: Command): void {}
