import { LanguageCode, TranslationTitle } from '../../../src/schemas/translation.ts'
import { badRequest, notFound } from '../../base/http-error.ts'
import { insert, type State } from '../state.ts'
import type { TranslationRecord } from '../../tables/services.ts'

/** What creating or updating translation settings takes; omitted `languages` means none (create) or unchanged (update). */
export interface TranslationValues {
  title: string
  languages?: readonly string[] | undefined
}

/** A tag in canonical case: `fr-ca` becomes `fr-CA`, `ZH-HANT` becomes `zh-Hant`. */
export function canonicalLanguage(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase()
      if (part.length === 4) return part[0]!.toUpperCase() + part.slice(1).toLowerCase()
      return part.toUpperCase()
    })
    .join('-')
}

/**
 * Checks and canonicalises languages. Tags are case-insensitive, so `fr-CA` and `fr-ca` are
 * one language: repeats are dropped, keeping the first place, as organization email domains are.
 */
function languagesOf(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  tags.forEach((tag, i) => {
    if (!LanguageCode.safeParse(tag).success)
      throw badRequest(`Invalid body.languages.${i}: "${tag}" is not a language tag such as "en" or "fr-CA"`)
    seen.add(canonicalLanguage(tag))
  })
  return [...seen]
}

function titleOf(title: string): string {
  if (!TranslationTitle.safeParse(title).success) throw badRequest('Invalid body.title: must be 1 to 100 characters')
  return title
}

export function createTranslation(state: State, organization: string, values: TranslationValues): TranslationRecord {
  const title = titleOf(values.title)
  const languages = languagesOf(values.languages ?? [])
  const now = state.clock.stamp()
  return insert(state, state.tables.translations, { organization, title, languages, createdAt: now, updatedAt: now })
}

/** Replaces the title (and the languages when given); `updatedAt` moves only when something changed. */
export function updateTranslation(state: State, translation: TranslationRecord, values: TranslationValues): TranslationRecord {
  const title = titleOf(values.title)
  const languages = values.languages === undefined ? translation.languages : languagesOf(values.languages)
  const same =
    title === translation.title &&
    languages.length === translation.languages.length &&
    languages.every((l, i) => l === translation.languages[i])
  if (same) return translation
  return state.tables.translations.update(translation, { title, languages, updatedAt: state.clock.stamp() })
}

export function deleteTranslation(state: State, translation: TranslationRecord): void {
  state.tables.translations.delete(translation)
}

/** Translation settings of an organization by ID (404 when unknown there). */
export function findTranslation(state: State, organization: string, id: string): TranslationRecord {
  const translation = state.tables.translations.get(id)
  if (!translation || translation.organization !== organization) throw notFound(`Translation settings ${id} not found`)
  return translation
}
