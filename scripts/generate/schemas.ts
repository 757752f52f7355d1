/**
 * The schemas of src/schemas/ that the generated code names, listed explicitly by file:
 * - `resources`: object schemas declared `export interface X extends XShape {}`, whose fields
 *   src/generated/shapes.ts writes out;
 * - `types`: other schemas exported with a same-named type (enums, bounded strings...).
 * A schema missing here still works: its type is printed in full where it is used, which makes the
 * declarations bigger (naming them halved index.d.ts, 723 to 360 KB).
 */
import * as z from 'zod/mini'

export const NAMED_SCHEMAS: Record<string, { resources: string[]; types: string[] }> = {
  'ask.ts': {
    resources: ['AIAnswer', 'AnswerQueryDetails', 'AnswerSource', 'AskQuestionEvent', 'AskQuestions', 'AskResult', 'AskStreamEvent'],
    types: ['AskFormat'],
  },
  'collection.ts': { resources: ['Collection'], types: ['CollectionDescription', 'CollectionTitle'] },
  'comment.ts': { resources: ['Comment', 'CommentBody', 'CommentDocument', 'CommentReply', 'CommentTarget', 'Reaction'], types: [] },
  'file.ts': { resources: ['File'], types: [] },
  'installation.ts': {
    resources: ['Installation', 'InstallationToken', 'OrganizationInstallation', 'SiteInstallation', 'SpaceInstallation'],
    types: ['InstallationSelection', 'InstallationStatus'],
  },
  'integration-event.ts': { resources: ['IntegrationEvent', 'IntegrationEventLog', 'IntegrationEventWithTrace'], types: [] },
  'integration.ts': {
    resources: [
      'Integration',
      'IntegrationBlock',
      'IntegrationConfigurationProperty',
      'IntegrationConfigurationSchema',
      'IntegrationContentSource',
    ],
    types: [
      'IntegrationCategory',
      'IntegrationName',
      'IntegrationRuntime',
      'IntegrationScope',
      'IntegrationTarget',
      'IntegrationVisibility',
    ],
  },
  'link.ts': { resources: ['Link', 'LinkReference', 'LinkStats', 'LinksList', 'PageReference'], types: ['LinkStatus'] },
  'member.ts': { resources: ['Member', 'MemberSpace', 'MemberTeam', 'PingResult'], types: [] },
  'openapi-spec.ts': { resources: ['OpenAPISpec'], types: ['OpenAPISpecSlug', 'OpenAPISpecSourceText', 'OpenAPISpecSourceURL'] },
  'organization.ts': { resources: ['Organization', 'OrganizationsByEmailDomain'], types: [] },
  'page.ts': { resources: ['DocumentNode', 'Page', 'PageDocument', 'PageList'], types: [] },
  'render.ts': { resources: ['ContentKitAction', 'RenderContext', 'RenderOutput', 'RenderRequest'], types: [] },
  'reviewer.ts': { resources: ['RequestedReviewer', 'RequestedReviewers'], types: [] },
  'revision.ts': { resources: ['ImportResult', 'ReusableContent', 'Revision'], types: ['ImportSource'] },
  'saml-provider.ts': {
    resources: ['SAMLProvider', 'SSOLogin', 'SSOLogins'],
    types: ['SAMLCertificate', 'SAMLEntityID', 'SAMLProviderLabel', 'SAMLSSOURL'],
  },
  'search.ts': { resources: ['OrganizationSearchResult', 'SearchResult', 'SearchSection'], types: ['SearchQuery'] },
  'share-link.ts': { resources: ['ShareLink'], types: ['ShareLinkName'] },
  'shared.ts': { resources: ['User'], types: ['Condition', 'Emoji', 'IconName', 'Role', 'Slug'] },
  'site-redirect.ts': { resources: ['RedirectDestination', 'RedirectResolution', 'SiteRedirect'], types: ['RedirectSource'] },
  'site-section-group.ts': { resources: ['SiteSectionGroup'], types: ['SectionGroupTitle'] },
  'site-section.ts': { resources: ['SiteSection'], types: ['SectionDescription', 'SectionPath', 'SectionTitle'] },
  'site-space.ts': { resources: ['SiteSpace'], types: ['SiteSpacePath'] },
  'site.ts': { resources: ['Site'], types: ['SiteVisibility'] },
  'space.ts': { resources: ['Space'], types: ['SpaceEditMode', 'SpaceTitle', 'SpaceVisibility'] },
  'subdomain.ts': { resources: ['Subdomain'], types: ['SubdomainName'] },
  'team.ts': { resources: ['Team'], types: ['TeamTitle'] },
  'translation.ts': { resources: ['TranslationSettings'], types: ['LanguageCode', 'TranslationLanguages', 'TranslationTitle'] },
}

export type Schema = z.core.$ZodType

/** The named schemas, loaded: name by schema object, file by name, and the resources. */
export interface SchemaIndex {
  names: Map<unknown, string>
  fileOf: Map<string, string>
  resources: Array<{ name: string; schema: Schema }>
}

export async function loadSchemas(root: URL): Promise<SchemaIndex> {
  const index: SchemaIndex = { names: new Map(), fileOf: new Map(), resources: [] }
  for (const [file, listed] of Object.entries(NAMED_SCHEMAS)) {
    const mod = (await import(new URL(`src/schemas/${file}`, root).href)) as Record<string, unknown>
    for (const name of [...listed.resources, ...listed.types]) {
      const schema = mod[name] as Schema | undefined
      if (!schema?._zod)
        throw new Error(`generate-sdk: src/schemas/${file} exports no schema ${name} (scripts/generate/schemas.ts lists it)`)
      index.names.set(schema, name)
      index.fileOf.set(name, file)
    }
    for (const name of listed.resources) index.resources.push({ name, schema: mod[name] as Schema })
  }
  // `List` builds a list envelope around an item schema: it is how list responses are rebuilt.
  index.fileOf.set('List', 'shared.ts')
  return index
}

/** The shape of an object schema (undefined for anything else). */
export const shapeOf = (schema: Schema | undefined) => (schema?._zod.def as { shape?: Record<string, Schema> } | undefined)?.shape
