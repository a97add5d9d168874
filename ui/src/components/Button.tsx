import type { ButtonHTMLAttributes } from 'react'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost'
  size?: 'normal' | 'small'
  busy?: boolean
}

/** A button; `busy` disables it and says so to screen readers. */
export function Button({ variant = 'secondary', size = 'normal', busy, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, size === 'small' ? 'btn-small' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  )
}
