/**
 * The package's library entry (`import ... from '<package>'`): what site builds use besides the
 * CLI. The typed client and the reader also have their own entry points (`/client`, `/reader`).
 */
export { createClient, type ClientOptions, type CmsClient, type EntriesClient } from './client/index.ts'
export { openContent, type ContentReader, type ReaderOptions, type RawAnswer } from './reader/index.ts'
export { generateTypes } from './codegen/types.ts'
export { generateOpenApi } from './codegen/openapi.ts'
