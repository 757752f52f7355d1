import * as z from 'zod/mini'

/** Translation settings title bound: 1 to 100 characters. */
export const TranslationTitle = /*@__PURE__*/ z.string().check(z.minLength(1), z.maxLength(100))
export type TranslationTitle = z.infer<typeof TranslationTitle>

/** Translation settings of an organization (languages to translate content into). */
export const TranslationSettings = /*@__PURE__*/ z.looseObject({
  object: z.literal('translation-settings'),
  id: z.string(),
  title: z.string(),
  languages: z.optional(z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: z.optional(z.looseObject({ view: z.optional(z.boolean()), edit: z.optional(z.boolean()) })),
  urls: z.optional(z.looseObject({ location: z.optional(z.string()) })),
})
export interface TranslationSettings extends z.infer<typeof TranslationSettings> {}
