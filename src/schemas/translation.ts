import * as z from 'zod/mini'
import type { TranslationSettingsShape } from '../generated/shapes.ts'

/** Translation settings title bound: 1 to 100 characters. */
export const TranslationTitle = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(100))
export type TranslationTitle = z.infer<typeof TranslationTitle>

/**
 * A BCP 47 language tag of the common shape `language[-Script][-REGION]`: `en`, `fr-CA`,
 * `zh-Hant-TW`, `es-419`. Case is free on input (tags are case-insensitive); the platform
 * answers in canonical case.
 */
export const LanguageCode = /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?$/))
export type LanguageCode = z.infer<typeof LanguageCode>

/** The languages of translation settings: at most 100 tags. */
export const TranslationLanguages = /*@__PURE__*/ z.array(LanguageCode).check(/*@__PURE__*/ z.maxLength(100))
export type TranslationLanguages = z.infer<typeof TranslationLanguages>

/** Translation settings of an organization (languages to translate content into). */
export const TranslationSettings = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.literal('translation-settings'),
  id: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  languages: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  createdAt: /*@__PURE__*/ z.string(),
  updatedAt: /*@__PURE__*/ z.string(),
  permissions: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ view: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()), edit: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()) })),
  urls: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface TranslationSettings extends TranslationSettingsShape {}
