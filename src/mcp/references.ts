/**
 * The two reference texts `cms mcp` serves as resources, written for an agent filling in
 * `data` and `where`. Kept beside the tools (not read from docs/) so a published package,
 * which ships dist/ only, serves them too.
 */

export const FIELD_TYPES_REFERENCE = `# Field types

Each field of a collection has a \`name\` (the key in an entry's \`data\`), a \`type\`, \`options\`
and \`validations\` (\`required\`, \`unique\`, \`charcount\` with \`type\` Between/Min/Max, \`min\`, \`max\`).
Read a collection's exact shape from its \`cms://collections/{slug}/schema\` resource.

| type | value in \`data\` | options that matter |
|---|---|---|
| text | string (one line) | \`repeatable\` |
| longtext | string (multi-line) | \`repeatable\` |
| richtext | HTML or Markdown string (or the editor's JSON object) | \`editor.outputFormat\` |
| slug | string without spaces, \`/\`, \`?\` or \`#\`, e.g. \`"harbour-walk"\` | \`slug.field\`: the field it is made from |
| email | email address string | |
| password | string; stored as a hash, never returned | |
| number | number | \`repeatable\` |
| enumeration | one of \`options.enumeration.list\`; an array of them with \`enumeration.multiple\` | \`enumeration.list\`, \`enumeration.multiple\` |
| boolean | true or false | |
| color | \`#rgb\`, \`#rrggbb\`, \`rgb(...)\`, \`hsl(...)\` or a color name | |
| date | \`"2024-05-01"\` (with \`includeTime\`: \`"2024-05-01 14:30:00"\`); \`mode: "range"\` takes \`{start, end}\` | \`includeTime\`, \`mode\` |
| time | \`"14:30"\` or \`"14:30:00"\` | |
| media | asset uuid (from upload_asset / list_assets); an array of uuids when \`media.type\` is 2 | \`media.type\`: 1 single, 2 multiple |
| relation | entry uuid of \`relation.collection\`; an array of uuids when \`relation.type\` is 2 | \`relation: {type: 1 or 2, collection: "<slug>"}\` |
| json | any JSON value | |
| group | an object of its \`children\` fields; an array of such objects when \`repeatable\` | \`repeatable\`, \`children\` |

Repeatable scalar fields (text, longtext, number, ... with \`options.repeatable\`) take a list of
\`{"value": ...}\` objects: \`"tags": [{"value": "boats"}, {"value": "food"}]\`.

Unknown field names are refused. A value of the wrong type, a missing required field, a
duplicate unique value or a reference to a missing entry or asset is refused with a 422 whose
\`errors\` map names the field: \`{"data.title": ["The title field is required."]}\`.

Entries have a \`state\`: a new entry is a draft; \`publish_entry\` (or \`state: "published"\`)
publishes the draft as the next version, which is what the API serves by default.
`

export const QUERY_LANGUAGE_REFERENCE = `# Query language (list_entries)

\`list_entries\` takes the content API's query parameters as JSON.

## where

Conditions in one object are ANDed:

- \`{"title": "Harbour"}\`: equality (text compares case-insensitively).
- \`{"reading_minutes": {"gte": 5, "lt": 20}}\`: operators on a field. Operators: \`eq\`, \`not\`,
  \`lt\`, \`lte\`, \`gt\`, \`gte\`, \`like\`, \`not_like\`, \`in\`, \`not_in\`, \`null\`, \`not_null\`,
  \`between\`, \`not_between\`.
- \`{"tags": {"in": ["boats", "food"]}}\`, \`{"published_date": {"between": ["2024-01-01", "2024-06-30"]}}\`.
- \`{"excerpt": {"null": true}}\`: the field is missing or empty; \`not_null\` the opposite.
- \`like\` without \`%\` matches a substring; with \`%\` it is a pattern (\`"harb%"\`: starts with harb).
- \`{"or": [{"title": {"like": "boat"}}, {"featured": true}]}\`: an or-group matches when any of
  its objects matches; it is ANDed with the other conditions. Or-groups nest two levels deep.
- \`{"author": {"name": {"like": "ada"}}}\`: a relation field filtered by the related entry's
  fields (one level); \`{"author": "<uuid>"}\` matches the reference itself.
- Core columns \`uuid\`, \`locale\`, \`created_at\`, \`updated_at\`, \`published_at\` filter like fields.

Values compare by the field's type: numbers numerically, dates as dates, booleans from
true/false. Password, group and json fields cannot be filtered or sorted. An unknown field or
a value that does not fit its type is refused (400) with a message naming it.

## Other parameters

| parameter | meaning |
|---|---|
| \`state\` | \`published\` (default): published values; \`draft\`: every entry with its draft values; \`only_draft\`: entries not published |
| \`locale\` | only entries of this locale |
| \`sort\` | \`"field:asc"\` or \`"field:desc"\`, comma-separated; default newest first |
| \`paginate\`, \`page\` | page size and page number: answers \`{data, links, meta: {current_page, last_page, total, ...}}\` |
| \`limit\`, \`offset\` | a plain array of at most \`limit\` entries after skipping \`offset\` |
| \`first\` | only the first match, as one entry |
| \`count\` | \`{count: N}\` |
| \`exclude\` | field names to leave out |
| \`timestamps\` | add \`created_at\` and \`updated_at\` |

Without \`paginate\`, \`limit\`, \`first\` or \`count\`, \`list_entries\` answers the first page of 25.
A singleton collection answers its one entry (in \`locale\`, or the default locale).
`
