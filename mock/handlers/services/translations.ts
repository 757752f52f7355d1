import type * as contract from '../../../src/contract/services/translations.ts'
import { paginate } from '../../base/paginate.ts'
import type { Caller } from '../../model/access.ts'
import { translationPermissions } from '../../model/services/permissions.ts'
import { createTranslation, deleteTranslation, findTranslation, updateTranslation } from '../../model/services/translations.ts'
import type { State } from '../../model/state.ts'
import { presentTranslation } from '../../present/translation.ts'
import { loadOrganization } from '../load.ts'
import type { Handlers, OpsOf } from '../types.ts'
import { loadForList, loadItem } from './load.ts'

type Path = { organizationId: string; translationSettingsId: string }

const load = (state: State, caller: Caller, input: Path, need?: 'edit') =>
  loadItem(
    state,
    caller,
    input.organizationId,
    translationPermissions,
    (org) => findTranslation(state, org, input.translationSettingsId),
    `Translation settings ${input.translationSettingsId}`,
    need,
  )

export const translationHandlers: Handlers<OpsOf<typeof contract>> = {
  listTranslations: ({ state, caller, input }) => {
    const org = loadForList(state, caller, input.organizationId, translationPermissions, 'translation settings')
    return paginate(
      `translations:${org.id}`,
      state.indexes.translationsByOrg.get(org.id),
      (t) => [t.seq],
      input,
      (t) => presentTranslation(state, caller, t),
    )
  },

  createTranslation: ({ state, caller, input }) => {
    const { org } = loadOrganization(state, caller, input.organizationId, 'createContent')
    return presentTranslation(state, caller, createTranslation(state, org.id, input))
  },

  getTranslation: ({ state, caller, input }) => presentTranslation(state, caller, load(state, caller, input)),

  updateTranslation: ({ state, caller, input }) =>
    presentTranslation(state, caller, updateTranslation(state, load(state, caller, input, 'edit'), input)),

  deleteTranslation: ({ state, caller, input }) => {
    deleteTranslation(state, load(state, caller, input, 'edit'))
  },
}
