import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { precompress } from './vite-precompress.ts'

// The editor is built once into the package (`npm run build:ui`, run by `prepare`), so
// `cms serve` only serves static files from dist-ui/ and never runs a build tool.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/_admin/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../dist-ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev:ui` with CMS_URL=http://127.0.0.1:4000 proxies the API to a running `cms serve`.
    proxy: process.env.CMS_URL ? { '^/(?!_admin/(?!api|login)).*': { target: process.env.CMS_URL, changeOrigin: false } } : undefined,
  },
})
