/** Shapes the editor reads from the API (see docs/api.md). Mirrors src/core/types.ts where they meet. */

export type Ability = 'read' | 'create' | 'update' | 'delete' | 'admin' | 'introspect' | '*'

export interface ProjectInfo {
  uuid: string
  name: string
  default_locale: string
  locales: string[]
}

export interface Session {
  name: string
  abilities: Ability[]
  project: ProjectInfo
  expires_at: string | null
  via: string
}

export interface FieldValidations {
  required?: { status: boolean; message?: string | null }
  unique?: { status: boolean; message?: string | null }
  charcount?: { status: boolean; type?: 'Between' | 'Min' | 'Max'; min?: number | null; max?: number | null; message?: string | null }
}

export interface FieldOptions {
  mode?: 'single' | 'range'
  slug?: { field: string | null; readonly?: boolean }
  media?: { type: 1 | 2 }
  editor?: { type?: number; mode?: string; outputFormat?: string }
  multiple?: boolean
  relation?: { type: 1 | 2; collection: string | null }
  repeatable?: boolean
  enumeration?: { list: Array<string | number>; multiple?: boolean }
  hiddenInAPI?: boolean
  includeTime?: boolean
  hideInContentList?: boolean
  [key: string]: unknown
}

export type FieldType = 'text' | 'longtext' | 'richtext' | 'slug' | 'email' | 'password' | 'number' | 'enumeration'
  | 'boolean' | 'color' | 'date' | 'datetime' | 'time' | 'media' | 'relation' | 'json' | 'group'

export interface Field {
  uuid: string
  type: FieldType
  label: string
  name: string
  description: string | null
  placeholder: string | null
  options: FieldOptions
  validations: FieldValidations
  children?: Field[]
}

export interface Collection {
  uuid: string
  name: string
  slug: string
  is_singleton: boolean
  order?: number
  fields: Field[]
}

export interface Entry {
  uuid: string
  locale: string
  published_at: string | null
  created_at?: string
  updated_at?: string
  fields: Record<string, unknown>
}

export interface Paginated<T> {
  data: T[]
  meta: { current_page: number; from: number | null; last_page: number; per_page: number; to: number | null; total: number }
}

export interface Asset {
  uuid: string
  /** The original file name. */
  filename: string
  mime_type: string
  size: string
  bytes?: number
  url: string
  metadata?: { alt_text: string | null; title: string | null; caption: string | null; description?: string | null; author?: string | null; copyright?: string | null; width: number | null; height: number | null }
  created_at?: string
  [key: string]: unknown
}
