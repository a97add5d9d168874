// Helpers every benchmark shares: statistics, and child processes that never outlive the run.

/** Median; the mean of the two middle values for an even count. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Nearest-rank percentile (p in 0..100). */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/** Child processes started by a benchmark: killed when it exits, however it exits. */
export const children = new Set()
process.on('exit', () => { for (const c of children) c.kill('SIGKILL') })
process.on('SIGINT', () => process.exit(130))
