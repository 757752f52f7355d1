import * as z from 'zod/mini'
import type { TranslationSettingsShape } from '../generated/shapes.ts'

/** Translation settings title bound: 1 to 100 characters. */
export const TranslationTitle = z.string().check(z.minLength(1), z.maxLength(100))
export type TranslationTitle = z.infer<typeof TranslationTitle>

/**
 * A BCP 47 language tag of the common shape `language[-Script][-REGION]`: `en`, `fr-CA`,
 * `zh-Hant-TW`, `es-419`. Case is free on input (tags are case-insensitive); the platform
 * answers in canonical case.
 */
export const LanguageCode = z.string().check(z.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?$/))
export type LanguageCode = z.infer<typeof LanguageCode>

/** The languages of translation settings: at most 100 tags. */
export const TranslationLanguages = z.array(LanguageCode).check(z.maxLength(100))
export type TranslationLanguages = z.infer<typeof TranslationLanguages>

/** Translation settings of an organization (languages to translate content into). */
export const TranslationSettings = z.looseObject({
  object: z.literal('translation-settings'),
  id: z.string(),
  title: z.string(),
  languages: z.optional(z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: z.optional(z.looseObject({ view: z.optional(z.boolean()), edit: z.optional(z.boolean()) })),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()) })),
})
export interface TranslationSettings extends TranslationSettingsShape {}
