import { stemmer as danish } from '@orama/stemmers/danish'
import { stemmer as dutch } from '@orama/stemmers/dutch'
import { stemmer as english } from '@orama/stemmers/english'
import { stemmer as finnish } from '@orama/stemmers/finnish'
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as norwegian } from '@orama/stemmers/norwegian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as russian } from '@orama/stemmers/russian'
import { stemmer as spanish } from '@orama/stemmers/spanish'
import { stemmer as swedish } from '@orama/stemmers/swedish'

/**
 * Words of a text as the search index keeps them: markup dropped, lower case, each word
 * reduced to its stem by its locale's Snowball-style stemmer (@orama/stemmers: "häuser" →
 * "haus", "running" → "run"), then its accents folded ("müller" and "muller" meet). Pure.
 */

type Stem = (word: string) => string

/** Stemmers by the language part of a locale (`de-AT` → `de`); a language without one keeps its words whole. */
const STEMMERS: Record<string, Stem> = {
  da: danish, nl: dutch, en: english, fi: finnish, fr: french, de: german, it: italian,
  no: norwegian, nb: norwegian, pt: portuguese, ru: russian, es: spanish, sv: swedish,
}

const identity: Stem = (word) => word

export function stemmerOf(locale: string): Stem {
  return STEMMERS[locale.toLowerCase().split(/[-_]/)[0]!] ?? identity
}

const WORD = /[\p{L}\p{N}]+/gu
const MARKS = /\p{M}+/gu

/** A word's accents folded away (after stemming: the German stemmer reads umlauts). */
export const fold = (word: string): string => word.normalize('NFD').replace(MARKS, '')

/** The words of a plain text, lower case, in order (no stemming). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? []
}

/** The index key of a word in a locale: stemmed, then folded. */
export function termOf(word: string, stem: Stem): string {
  // Numbers and one-letter words are kept as they are (a stemmer would only damage them).
  return fold(word.length > 2 && !/^\d+$/.test(word) ? stem(word) : word)
}

const TAG = /<[^>]*>/g
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/gi
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Rich text (HTML) as plain text: tags become spaces, entities their characters. */
export function plainOfHtml(html: string): string {
  return html.replace(TAG, ' ').replace(ENTITY, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' '
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}
