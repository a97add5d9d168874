import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

type Tone = 'info' | 'success' | 'error'
interface ToastItem { id: number; message: string; tone: Tone }

interface ToastApi { notify(message: string, tone?: Tone): void }

const ToastContext = createContext<ToastApi>({ notify: () => undefined })

/** Short-lived notices in a polite live region (errors assertive). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([])
  const notify = useCallback((message: string, tone: Tone = 'info') => {
    const id = Date.now() + Math.random()
    setItems((list) => [...list.slice(-3), { id, message, tone }])
    setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), tone === 'error' ? 8000 : 4000)
  }, [])
  const value = useMemo(() => ({ notify }), [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {items.map((t) => <div key={t.id} className={`toast toast-${t.tone}`}>{t.message}</div>)}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  return useContext(ToastContext)
}

/** An inline notice (banner) inside a screen. */
export function Notice({ tone = 'info', children, actions }: { tone?: 'info' | 'warning' | 'error' | 'success'; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      <div className="notice-text">{children}</div>
      {actions && <div className="notice-actions">{actions}</div>}
    </div>
  )
}
