import { lazy, Suspense, type ElementType, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, Navigate, RouterProvider, useLocation, useRouteError } from 'react-router'
import { SessionProvider, useSession } from './session.tsx'
import { ToastProvider } from './components/Toast.tsx'
import { Loading } from './components/Status.tsx'
import { Shell } from './shell/Shell.tsx'
import { SignInScreen } from './screens/signin/SignInScreen.tsx'
import { HomeScreen } from './screens/home/HomeScreen.tsx'
import { EntriesScreen } from './screens/entries/EntriesScreen.tsx'

// Screens beyond Home and the entries list load on demand, so the first screen stays small.
const EntryScreen = lazy(() => import('./screens/entry/EntryScreen.tsx'))
const VersionsScreen = lazy(() => import('./screens/versions/VersionsScreen.tsx'))
const TranslationsScreen = lazy(() => import('./screens/translations/TranslationsScreen.tsx'))
const MediaScreen = lazy(() => import('./screens/media/MediaScreen.tsx'))
const WebhooksScreen = lazy(() => import('./screens/webhooks/WebhooksScreen.tsx'))
const SchemaScreen = lazy(() => import('./screens/schema/SchemaScreen.tsx'))
const ChangesScreen = lazy(() => import('./screens/changes/ChangesScreen.tsx'))
const OutboxScreen = lazy(() => import('./screens/outbox/OutboxScreen.tsx'))
const UpcomingScreen = lazy(() => import('./screens/scheduling/UpcomingScreen.tsx'))
const ReleasesScreen = lazy(() => import('./screens/scheduling/ReleasesScreen.tsx'))

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
})

function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useSession()
  const location = useLocation()
  if (session === undefined) return <Loading label="Signing in" />
  if (session === null) {
    const next = location.pathname + location.search
    return <Navigate to={`/signin${next && next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />
  }
  return <>{children}</>
}

function page(element: ReactNode) {
  return <Suspense fallback={<Loading />}>{element}</Suspense>
}

/** The screens that load on demand, by path. */
const ON_DEMAND: Array<[path: string, screen: ElementType]> = [
  ['c/:collection/new', EntryScreen],
  ['c/:collection/:uuid', EntryScreen],
  ['c/:collection/:uuid/versions', VersionsScreen],
  ['c/:collection/:uuid/translations', TranslationsScreen],
  ['media', MediaScreen],
  ['webhooks', WebhooksScreen],
  ['schema', SchemaScreen],
  ['changes', ChangesScreen],
  ['outbox', OutboxScreen],
  ['upcoming', UpcomingScreen],
  ['releases', ReleasesScreen],
  ['releases/:id', ReleasesScreen],
]

const router = createBrowserRouter([
  { path: '/signin', element: <SignInScreen /> },
  {
    path: '/',
    element: <RequireSession><Shell /></RequireSession>,
    // A screen that fails keeps the navigation and says so (the form's autosave keeps edits).
    children: [{ errorElement: <ScreenError />, children: [
      { index: true, element: <HomeScreen /> },
      { path: 'c/:collection', element: <EntriesScreen /> },
      ...ON_DEMAND.map(([path, Screen]) => ({ path, element: page(<Screen />) })),
      { path: '*', element: <NotFound /> },
    ] }],
  },
], { basename: '/_admin' })

function ScreenError() {
  const error = useRouteError()
  return (
    <div className="screen">
      <h1>This screen stopped working</h1>
      <p>Something went wrong while showing it. Edits you were making are kept in this browser and come back when the form opens again.</p>
      <p><button type="button" onClick={() => window.location.reload()}>Reload the page</button></p>
      <details><summary>Details for a bug report</summary><pre>{error instanceof Error ? error.message : String(error)}</pre></details>
    </div>
  )
}

function NotFound() {
  return (
    <div className="screen">
      <h1>Page not found</h1>
      <p>There is no editor page at this address.</p>
    </div>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  )
}
