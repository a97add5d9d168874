// Lint: the layering of ARCHITECTURE.md as import rules, no import cycles, no re-exports.
// Kept to rules about structure so `npm run lint` stays fast; tsc does the type checking.
import tseslint from 'typescript-eslint'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'

/** Everything in src/ except the folders listed: what a layer may not import. */
const allBut = (target, allowed, message) => ({ target, from: './src', except: allowed, message })

// Layers, bottom up: core < schema < query < storage < service < server, cli (ARCHITECTURE.md).
const layers = [
  allBut('./src/core', ['./core'], 'core is the bottom layer: it imports nothing else from src/.'),
  allBut('./src/schema', ['./schema', './core'], 'schema imports only core.'),
  allBut('./src/query', ['./query', './schema', './core'], 'query is pure: it imports only schema and core.'),
  allBut('./src/storage', ['./storage', './query', './schema', './core'], 'storage imports nothing above it (service, server, cli, webhooks, ...).'),
  { target: './src/service', from: ['./src/server', './src/cli', './src/mcp'], message: 'service is below the adapters: it never imports server, cli or mcp.' },
  { target: ['./src/webhooks', './src/review', './src/git', './src/sessions', './src/codegen', './src/reader', './src/export', './src/import'], from: ['./src/server', './src/cli', './src/mcp'], message: 'only the composition root and the adapters import server, cli or mcp.' },
  { target: './src/server', from: './src/cli', message: 'the server never imports the CLI.' },
  // The adapters use the store (store.ts), the one-writer lock and journal and the watcher;
  // parsing, file layout and atomic writes stay inside storage.
  {
    target: ['./src/cli', './src/server', './src/mcp'],
    from: './src/storage',
    except: ['./store.ts', './lock.ts', './schema-journal.ts', './watcher.ts'],
    message: 'adapters use the store, not storage internals (codec, records, paths, atomic writes).',
  },
  { target: './src/client', from: './src', except: ['./client', './core/types.ts', './reader/query.ts'], message: 'the client is HTTP only: no server code (it shares the pure query-string builder with the reader).' },
]

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ui/**', 'node_modules/**', 'ui/**', 'test/**', 'bench/**', 'scripts/**', 'bin/**', 'content/**', '*.config.*'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-syntax': ['error',
        { selector: 'ExportNamedDeclaration[source]', message: 'No re-exports inside src/: import from the module that defines it (only the package entry points re-export).' },
        { selector: 'ExportAllDeclaration', message: 'No re-exports inside src/: import from the module that defines it (only the package entry points re-export).' },
      ],
    },
  },
  {
    // The package entry points are the public surface: they re-export by design.
    files: ['src/index.ts', 'src/client/index.ts', 'src/reader/index.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
