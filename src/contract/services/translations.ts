import * as z from 'zod/mini'
import { List } from '../../schemas/shared.ts'
import { TranslationLanguages, TranslationSettings, TranslationTitle } from '../../schemas/translation.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { ORG, org } from '../organizations.ts'

const translation = { ...org, translationSettingsId: Id }
const TRANSLATION = `${ORG}/translations/{translationSettingsId}`

export const listTranslations = defineOperation({
  id: 'listTranslations',
  method: 'GET',
  idempotent: true,
  path: `${ORG}/translations`,
  sdk: 'orgs.translations.list',
  status: 200,
  summary: 'List the translation settings of an organization',
  params: z.object(org),
  query: z.object({ ...pagination }),
  response: List(TranslationSettings),
  paginated: true,
})

export const createTranslation = defineOperation({
  id: 'createTranslation',
  method: 'POST',
  idempotent: false,
  path: `${ORG}/translations`,
  sdk: 'orgs.translations.create',
  status: 201,
  summary: 'Create translation settings',
  params: z.object(org),
  body: z.object({ title: TranslationTitle, languages: z.optional(TranslationLanguages) }),
  response: TranslationSettings,
})

export const getTranslation = defineOperation({
  id: 'getTranslation',
  method: 'GET',
  idempotent: true,
  path: TRANSLATION,
  sdk: 'orgs.translations.get',
  status: 200,
  summary: 'Get translation settings',
  params: z.object(translation),
  response: TranslationSettings,
})

export const updateTranslation = defineOperation({
  id: 'updateTranslation',
  method: 'PUT',
  idempotent: true,
  path: TRANSLATION,
  sdk: 'orgs.translations.update',
  status: 200,
  summary: 'Update translation settings (omitted languages stay as they are)',
  params: z.object(translation),
  body: z.object({ title: TranslationTitle, languages: z.optional(TranslationLanguages) }),
  response: TranslationSettings,
})

export const deleteTranslation = defineOperation({
  id: 'deleteTranslation',
  method: 'DELETE',
  idempotent: true,
  path: TRANSLATION,
  sdk: 'orgs.translations.delete',
  status: 205,
  summary: 'Delete translation settings',
  params: z.object(translation),
})
