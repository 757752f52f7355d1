import { membership, type Caller } from '../model/access.ts'
import { translationPermissions } from '../model/services/permissions.ts'
import type { TranslationRecord } from '../tables/services.ts'
import type { State } from '../model/state.ts'

/** Translation settings with the caller's permissions. */
export function presentTranslation(state: State, caller: Caller, translation: TranslationRecord) {
  return {
    object: 'translation-settings' as const,
    id: translation.id,
    title: translation.title,
    languages: [...translation.languages],
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
    permissions: translationPermissions(membership(state, translation.organization, caller.user.id)),
    urls: { location: `${state.urls.api}/v1/orgs/${translation.organization}/translations/${translation.id}` },
  }
}
