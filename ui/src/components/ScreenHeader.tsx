import type { ReactNode } from 'react'

/** A screen's title, the sentence under it, and its actions on the right (or below, on a phone). */
export function ScreenHeader({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <div className="screen-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="subtitle">{subtitle}</p>}
      </div>
      {children}
    </div>
  )
}
