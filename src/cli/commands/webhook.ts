import type { Command } from 'commander'

export function registerWebhook(_program: Command): void {}
