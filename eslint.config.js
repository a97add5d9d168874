// Lint: no re-exports inside src/; with scripts/import-layers.mjs and import-cycles.mjs (npm run lint),
// the layering of ARCHITECTURE.md as import rules and no import circles.
// Kept to rules about structure so `npm run lint` stays fast; tsc does the type checking.
import tseslint from 'typescript-eslint'
// (Layers and circles are checked over one import graph by those scripts: see import-layers.mjs
// for why not eslint-plugin-import-x.)

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ui/**', 'node_modules/**', 'ui/**', 'test/**', 'bench/**', 'scripts/**', 'bin/**', 'content/**', '*.config.*'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'ExportNamedDeclaration[source]', message: 'No re-exports inside src/: import from the module that defines it (only the package entry points re-export).' },
        { selector: 'ExportAllDeclaration', message: 'No re-exports inside src/: import from the module that defines it (only the package entry points re-export).' },
      ],
    },
  },
  {
    // The package entry points are the public surface: they re-export by design.
    files: ['src/index.ts', 'src/client/index.ts', 'src/reader/index.ts', 'src/astro/index.ts', 'src/next/index.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
