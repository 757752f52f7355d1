import type { OperationDef } from '../../src/contract/define.ts'
import type { TargetKind, World } from './world.ts'

/**
 * What each operation needs, as data: the resource whose `permissions` object governs it and the
 * keys of that object that must be true. The permissions test reads the object as each caller
 * sees it and expects the answer it implies; this table is the only place that says which key an
 * operation checks, so a new operation fails the test until it is classified here or in
 * `OUT_OF_SCOPE`.
 */

/** Resources that report a `permissions` object to their caller, read through the operation named here. */
export const PROBES = {
  organization: 'getOrganizationById',
  space: 'getSpaceById',
  collection: 'getCollectionById',
  team: 'getTeamInOrganizationById',
  site: 'getSiteById',
  comment: 'getCommentInSpace',
  reply: 'getCommentReplyInSpace',
  crComment: 'getCommentInChangeRequest',
  crReply: 'getCommentReplyInChangeRequest',
  translation: 'getTranslation',
  openapi: 'getOpenAPISpecBySlug',
  integration: 'getIntegrationByName',
} as const

/**
 * A subject is a resource kind above, or one named relative to the target: `destination` (the
 * organization a transfer or an install names in its body) and `parent` (where a duplicate goes:
 * the space's collection, or its organization at the root, whose key `create` reads `createContent`).
 */
export type Subject = keyof typeof PROBES | 'destination' | 'parent'

/** `key` on the rule's own subject, or `[subject, key]`, optionally with the status when that subject is invisible (403 by default). */
export type Need = string | [Subject, string] | [Subject, string, 403 | 404]

export interface Rule {
  /** Whose visibility decides 404. Default: from the path's last ID parameter (`SUBJECT_OF_PARAM`). */
  on?: Subject | 'anyone'
  /** Keys that must all be true for a 2xx; none: visible is enough. */
  need?: Need[]
  targets?: TargetKind
  /** Extra parameters (body, query) or path values, from the target. */
  params?: (t: Target, world: World) => Record<string, unknown>
  /** Keep only the targets this operation applies to. */
  only?: (t: Target) => boolean
}

/** Path values of one thing to test and its surroundings (see world.ts). */
export type Target = Record<string, string>

/** The resource a path parameter names, for rules that do not say `on`. */
export const SUBJECT_OF_PARAM: Record<string, Subject> = {
  organizationId: 'organization',
  inviteId: 'organization',
  userId: 'organization',
  samlProviderId: 'organization',
  teamId: 'team',
  collectionId: 'collection',
  spaceId: 'space',
  // A change request, its content and its reviewers have no permissions of their own: the space's govern them.
  changeRequestId: 'space',
  pageId: 'space',
  fileId: 'space',
  commentId: 'comment',
  commentReplyId: 'reply',
  siteId: 'site',
  siteSectionId: 'site',
  siteSectionGroupId: 'site',
  siteSpaceId: 'site',
  siteRedirectId: 'site',
  shareLinkId: 'site',
  translationSettingsId: 'translation',
  specSlug: 'openapi',
  integrationName: 'integration',
  eventId: 'integration',
}

const admin: Need[] = ['admin']
/** Discussions: the space's `comment` ("can access the content and its discussions"). */
const discuss: Need[] = [['space', 'comment']]
const title = (text: string) => () => ({ title: text })

export const RULES: Record<string, Rule> = {
  // Organizations (docs/decisions/organizations.md)
  listOrganizationsForAuthenticatedUser: { on: 'anyone' },
  getOrganizationsForEmailDomain: { on: 'anyone', targets: 'organization', params: () => ({ emailDomain: 'acme.test' }) },
  getOrganizationById: {},
  updateOrganizationById: { need: admin, params: title('Renamed organization') },
  deleteOrganizationInviteById: { need: admin },
  updateOrganizationMemberLastSeenAt: {},
  searchOrganizationContent: { params: () => ({ query: 'install' }) },
  // Members: about someone else's membership (the caller's own is always theirs to read).
  listMembersInOrganizationById: { need: ['listMembers'] },
  getMemberInOrganizationById: { need: ['listMembers'] },
  removeMemberFromOrganizationById: { need: admin },
  updateMemberInOrganizationById: { need: admin, params: () => ({ role: 'comment' }) },
  setUserAsSSOMemberForOrganization: { need: admin },
  listSpacesForOrganizationMember: { need: admin },
  listTeamsForOrganizationMember: { need: ['listTeams'] },
  // Teams
  listTeamsInOrganizationById: { need: ['listTeams'] },
  createOrganizationTeam: { need: ['ownTeam'], params: title('New team') },
  getTeamInOrganizationById: {},
  updateTeamInOrganizationById: { need: admin, params: title('Renamed team') },
  removeTeamFromOrganizationById: { need: admin },
  // Collections (docs/decisions/spaces.md)
  listCollectionsInOrganizationById: {},
  createCollection: { need: ['createContent'], params: title('New collection') },
  getCollectionById: {},
  listSpacesInCollectionById: {},
  updateCollectionById: { need: admin, params: () => ({ description: 'Changed' }) },
  deleteCollectionById: { need: admin },
  moveCollection: { need: admin, params: () => ({}) },
  transferCollection: { need: ['admin', ['destination', 'admin']], params: (t) => ({ organization: t.otherOrganizationId }) },
  // Spaces
  getSpaceById: {},
  updateSpaceById: { need: ['edit'], params: title('Renamed space') },
  deleteSpaceById: { need: admin },
  restoreSpace: { targets: 'deletedSpace', need: admin },
  duplicateSpace: { need: ['view', ['parent', 'create']] },
  moveSpace: { need: admin, params: () => ({}) },
  transferSpace: { need: ['admin', ['destination', 'admin']], params: (t) => ({ organization: t.otherOrganizationId }) },
  listSpaceLinks: {},
  // Content (docs/decisions/content.md): reads need view, imports need edit.
  searchSpaceContent: { params: () => ({ query: 'install' }) },
  getCurrentRevision: {},
  listPages: {},
  listFiles: {},
  getFileById: {},
  listFileBacklinks: {},
  getPageById: {},
  listPageLinks: {},
  importSpaceContent: { need: ['edit'], params: () => ({ url: 'https://example.com/import.md', source: 'markdown' }) },
  getRevisionOfChangeRequestById: {},
  listPagesInChangeRequest: {},
  listFilesInChangeRequestById: {},
  getFileInChangeRequestById: {},
  listFileBacklinksInChangeRequest: {},
  getPageInChangeRequestById: {},
  listPageLinksInChangeRequest: {},
  importChangeRequestContent: { need: ['edit'], params: () => ({ url: 'https://example.com/import.md', source: 'markdown' }) },
  getRequestedReviewersByChangeRequestId: {},
  requestReviewersForChangeRequest: { need: ['review'], params: (t) => ({ users: [t.reviewerToRequest] }) },
  removeRequestedReviewerFromChangeRequest: { on: 'space', need: ['review'] },
  // Comments (docs/decisions/comments.md): every discussion operation needs the space's `comment`
  // (reading included: `read` is content only), then the comment's or reply's own permissions object.
  listCommentsInSpace: { need: discuss },
  postCommentInSpace: { need: discuss, params: () => ({ body: { markdown: 'New comment' } }) },
  getCommentInSpace: { need: [...discuss, 'view'] },
  updateCommentInSpace: { need: [...discuss, 'edit'], params: () => ({ body: { markdown: 'Edited' } }) },
  deleteCommentInSpace: { need: [...discuss, 'delete'] },
  listCommentRepliesInSpace: { need: [...discuss, 'view'] },
  postCommentReplyInSpace: { need: [...discuss, 'reply'], params: () => ({ body: { markdown: 'New reply' } }) },
  getCommentReplyInSpace: { need: [...discuss, 'view'] },
  updateCommentReplyInSpace: { need: [...discuss, 'edit'], params: () => ({ body: { markdown: 'Edited' } }) },
  deleteCommentReplyInSpace: { need: [...discuss, 'delete'] },
  listCommentersInSpace: { need: discuss },
  listCommentsInChangeRequest: { need: discuss },
  postCommentInChangeRequest: { need: discuss, params: () => ({ body: { markdown: 'New comment' } }) },
  getCommentInChangeRequest: { on: 'crComment', need: [...discuss, 'view'] },
  updateCommentInChangeRequest: { on: 'crComment', need: [...discuss, 'edit'], params: () => ({ body: { markdown: 'Edited' } }) },
  deleteCommentInChangeRequest: { on: 'crComment', need: [...discuss, 'delete'] },
  listCommentRepliesInChangeRequest: { on: 'crComment', need: [...discuss, 'view'] },
  postCommentReplyInChangeRequest: { on: 'crComment', need: [...discuss, 'reply'], params: () => ({ body: { markdown: 'New reply' } }) },
  getCommentReplyInChangeRequest: { on: 'crReply', need: [...discuss, 'view'] },
  updateCommentReplyInChangeRequest: { on: 'crReply', need: [...discuss, 'edit'], params: () => ({ body: { markdown: 'Edited' } }) },
  deleteCommentReplyInChangeRequest: { on: 'crReply', need: [...discuss, 'delete'] },
  listCommentersInChangeRequest: { need: discuss },
  // Sites (docs/decisions/sites.md): members read, site admins change; share links are admin-only.
  listSites: {},
  getSiteById: {},
  listSiteSections: {},
  listSiteSectionGroups: {},
  listSiteSpaces: {},
  listSiteRedirects: {},
  getSiteRedirectBySource: { params: (t) => ({ source: t.redirectSource }) },
  listSiteShareLinks: { need: admin },
  addSectionToSite: { need: admin, params: (t) => ({ spaceId: t.unpublishedSpace, title: 'New section' }) },
  updateSiteSectionById: { need: admin, params: title('Renamed section') },
  deleteSiteSectionById: { need: admin },
  moveSiteSection: {
    need: admin,
    params: (t) => ({
      siteSectionId: t.ungroupedSectionId,
      position: { after: { type: 'site-section-group', siteSectionGroup: t.siteSectionGroupId } },
    }),
  },
  addSectionGroupToSite: { need: admin, params: title('New group') },
  updateSiteSectionGroupById: { need: admin, params: title('Renamed group') },
  deleteSiteSectionGroupById: { need: admin },
  moveSiteSectionGroup: { need: admin, params: (t) => ({ position: { before: { type: 'site-section', id: t.ungroupedSectionId } } }) },
  addSectionToSiteSectionGroup: { need: admin, params: (t) => ({ sectionId: t.ungroupedSectionId }) },
  removeSectionFromSiteSectionGroup: {
    need: admin,
    only: (t) => t.groupedSectionId !== '',
    params: (t) => ({ siteSectionId: t.groupedSectionId }),
  },
  addSpaceToSite: { need: admin, params: (t) => ({ spaceId: t.unpublishedSpace }) },
  updateSiteSpaceById: { need: admin, params: () => ({ path: 'renamed-path' }) },
  deleteSiteSpaceById: { need: admin },
  moveSiteSpace: { need: admin, params: (t) => ({ position: { after: { type: 'site-space', siteSpace: t.siblingSiteSpaceId } } }) },
  createSiteRedirect: {
    need: admin,
    params: (t) => ({ source: '/reliability', destination: { kind: 'site-section', siteSectionId: t.siteSectionId } }),
  },
  updateSiteRedirectById: { need: admin, params: () => ({ source: '/renamed' }) },
  deleteSiteRedirectById: { need: admin },
  createSiteShareLink: { need: admin, params: () => ({ name: 'New link' }) },
  updateSiteShareLinkById: { need: admin, params: () => ({ name: 'Renamed link' }) },
  deleteSiteShareLinkById: { need: admin },
  // Services (docs/decisions/services.md): lists answer 403 to members who may not view the items.
  listTranslations: { on: 'organization', need: [['translation', 'view']] },
  createTranslation: { need: ['createContent'], params: title('New languages') },
  getTranslation: {},
  updateTranslation: { need: ['edit'], params: title('Renamed languages') },
  deleteTranslation: { need: ['edit'] },
  listOpenAPISpecs: { on: 'organization', need: [['openapi', 'view']] },
  createOpenAPISpec: {
    need: ['createOpenAPISpec'],
    params: () => ({ slug: 'new-spec', source: { url: 'https://new.example.com/openapi.json' } }),
  },
  getOpenAPISpecBySlug: {},
  // A PUT may create, so it is the organization's permission, checked before the slug is looked up.
  createOrUpdateOpenAPISpecBySlug: {
    on: 'organization',
    need: ['createOpenAPISpec'],
    params: () => ({ source: { url: 'https://petstore.example.com/openapi.json' } }),
  },
  deleteOpenAPISpecBySlug: { need: ['edit'] },
  listSAMLProvidersInOrganizationById: { need: admin },
  createOrganizationSAMLProvider: {
    need: admin,
    params: (_t, w) => ({
      label: 'New provider',
      entityID: 'https://idp.example.com/new',
      ssoURL: 'https://idp.example.com/sso',
      certificate: w.samlCertificate,
    }),
  },
  getOrganizationSAMLProviderById: { need: admin },
  updateOrganizationSAMLProvider: { need: admin, params: () => ({ label: 'Renamed provider' }) },
  deleteOrganizationSAMLProvider: { need: admin },
  // Login pages list an organization's SSO providers before their user belongs to it.
  listSSOProviderLoginsInOrganization: { on: 'anyone', targets: 'organization' },
  // AI answers (the organization's `ai` setting aside, which both demo organizations have on): any member, guests included.
  askInOrganization: { params: () => ({ query: 'How do I install it?' }) },
  streamAskInOrganization: { params: () => ({ query: 'How do I install it?' }) },
  getRecommendedQuestionsInOrganization: {},
  streamRecommendedQuestionsInOrganization: {},
  // Integrations (docs/decisions/integrations.md)
  listIntegrations: { on: 'anyone' },
  getIntegrationByName: {},
  publishIntegration: { need: admin, params: () => ({ title: 'Next version' }) },
  unpublishIntegration: { need: admin },
  listIntegrationInstallations: {},
  // Installing names the organization in the body: one the caller does not belong to is a 404.
  installIntegration: { need: [['destination', 'admin', 404]], params: (t) => ({ organization: t.otherOrganizationId }) },
  listIntegrationEvents: { need: admin },
  getIntegrationEvent: { need: admin },
  listIntegrationSpaceInstallations: {},
  listIntegrationSiteInstallations: {},
  setIntegrationDevelopmentMode: { need: admin, params: () => ({ tunnelUrl: 'http://127.0.0.1:4999/events' }) },
  disableIntegrationDevelopmentMode: { need: admin },
  // An organization's installations: its admins (docs/decisions/integrations.md).
  listOrganizationInstallations: { need: admin },
}

const INSTALLATION_RULES =
  "an installation has no permissions object: who may read, change or act as it (its organization's admins, the owner's admins, its own token) is covered by test/integrations/installation-operations.test.ts"

/** Operations the matrix leaves out, each with why; every other operation must be in `RULES`. */
export const OUT_OF_SCOPE: Record<string, string> = {
  getAuthenticatedUser:
    'the caller reads their own user: no resource, no permissions object; any valid token may (test/orgs/current-user.test.ts)',
  renderIntegrationUIWithGet:
    'rendering is for members of the owner organization or of one where the integration is installed: no permissions object reports that (test/integrations/render.test.ts covers it)',
  renderIntegrationUIWithPost:
    'rendering is for members of the owner organization or of one where the integration is installed: no permissions object reports that (test/integrations/render.test.ts covers it)',
  getIntegrationInstallationById: INSTALLATION_RULES,
  updateIntegrationInstallation: INSTALLATION_RULES,
  uninstallIntegration: INSTALLATION_RULES,
  createIntegrationInstallationToken: INSTALLATION_RULES,
  listIntegrationInstallationSpaces: INSTALLATION_RULES,
  installIntegrationOnSpace: INSTALLATION_RULES,
  getIntegrationSpaceInstallation: INSTALLATION_RULES,
  updateIntegrationSpaceInstallation: INSTALLATION_RULES,
  uninstallIntegrationFromSpace: INSTALLATION_RULES,
  listIntegrationInstallationSites: INSTALLATION_RULES,
  installIntegrationOnSite: INSTALLATION_RULES,
  getIntegrationSiteInstallation: INSTALLATION_RULES,
  updateIntegrationSiteInstallation: INSTALLATION_RULES,
  uninstallIntegrationFromSite: INSTALLATION_RULES,
  queueIntegrationTask:
    "tasks are queued by the integration: admins of its owner organization or an installation's own token, which no permissions object reports (test/integrations/installation-operations.test.ts)",
}

/** The subject a rule's visibility hangs on: its own `on`, else the path's last parameter that names one. */
export function subjectOf(op: OperationDef, rule: Rule): Subject | 'anyone' {
  if (rule.on) return rule.on
  const names = Array.from(op.path.matchAll(/\{(\w+)\}/g), (m) => m[1]!)
  for (let i = names.length - 1; i >= 0; i--) {
    const subject = SUBJECT_OF_PARAM[names[i]!]
    if (subject)
      return op.path.includes('/change-requests/') && subject === 'comment'
        ? 'crComment'
        : op.path.includes('/change-requests/') && subject === 'reply'
          ? 'crReply'
          : subject
  }
  throw new Error(`${op.id}: no path parameter names a subject; give the rule an "on"`)
}

/**
 * The kind of things an operation runs against in the suites: the rule's own `targets`, else the
 * kind that holds its subject (a comment lives in a space, translation settings in an
 * organization). Operations open to anyone run against organizations; unclassified ones have none.
 */
export function targetKindOf(op: OperationDef): TargetKind | undefined {
  const rule = RULES[op.id] ?? (OUT_OF_SCOPE[op.id] ? {} : undefined)
  if (!rule) return undefined
  if (rule.targets) return rule.targets
  const subject = subjectOf(op, rule)
  if (subject === 'anyone' || subject === 'translation' || subject === 'openapi' || subject === 'destination') return 'organization'
  if (['space', 'comment', 'reply', 'crComment', 'crReply', 'parent'].includes(subject)) return 'space'
  return subject as TargetKind
}
