import { createHash, randomBytes } from 'node:crypto'

/** How long a sign-in link stays valid. */
const TICKET_TTL_MS = 10 * 60_000
const MAX_TICKETS = 1000

/**
 * One-time sign-in tickets (the `?ticket=` of an editor link), kept in memory only: a link
 * printed by a server is good for that server's life, at most 10 minutes, and one use.
 */
export class TicketBox {
  /** Ticket hash → expiry (ms). */
  readonly #tickets = new Map<string, number>()
  readonly #now: () => number

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now
  }

  issue(): { ticket: string; expiresAt: number } {
    this.#sweep()
    const ticket = randomBytes(24).toString('base64url')
    const expiresAt = this.#now() + TICKET_TTL_MS
    this.#tickets.set(hash(ticket), expiresAt)
    return { ticket, expiresAt }
  }

  /** Uses a ticket up: true once for a live ticket, false for unknown, used or expired ones. */
  redeem(ticket: string): boolean {
    if (!ticket || ticket.length > 200) return false
    const key = hash(ticket)
    const expiresAt = this.#tickets.get(key)
    if (expiresAt === undefined) return false
    this.#tickets.delete(key)
    return expiresAt > this.#now()
  }

  /** Forgets every outstanding link (revoke-all). */
  clear(): void {
    this.#tickets.clear()
  }

  #sweep(): void {
    const at = this.#now()
    for (const [key, expiresAt] of this.#tickets) if (expiresAt <= at) this.#tickets.delete(key)
    // Bounded: the oldest go first if something mints links in a loop.
    while (this.#tickets.size >= MAX_TICKETS) this.#tickets.delete(this.#tickets.keys().next().value!)
  }
}

const hash = (ticket: string): string => createHash('sha256').update(ticket).digest('hex')
