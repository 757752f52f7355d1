import * as z from 'zod/mini'
import { Site } from './site.ts'
import { Space } from './space.ts'
import { Integration } from './integration.ts'
import type {
  InstallationShape,
  InstallationTokenShape,
  OrganizationInstallationShape,
  SpaceInstallationShape,
  SiteInstallationShape,
} from '../generated/shapes.ts'

/**
 * Status of an installation: `active`, `pending` (required account configuration is missing) or
 * `paused`. Responses accept any string.
 */
export const InstallationStatus = z.enum(['active', 'pending', 'paused'])
export type InstallationStatus = z.infer<typeof InstallationStatus>

/** An installation of an integration in an organization. */
export const Installation = z.looseObject({
  object: z.optional(z.literal('integration-installation')),
  id: z.string(),
  /** Name of the installed integration. */
  integration: z.optional(z.string()),
  status: z.optional(z.string()),
  space_selection: z.optional(z.string()),
  site_selection: z.optional(z.string()),
  spaces: z.optional(z.number()),
  configuration: z.optional(z.record(z.string(), z.unknown())),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  urls: z.optional(
    z.looseObject({
      location: z.optional(z.string()),
      app: z.optional(z.string()),
      publicEndpoint: z.optional(z.string()),
      /** Where the installation's rendered content is served (the public endpoint when no separate origin serves it). */
      publicContentEndpoint: z.optional(z.string()),
    }),
  ),
  externalIds: z.optional(z.array(z.string())),
  target: z.optional(z.looseObject({ organization: z.optional(z.string()) })),
})
export interface Installation extends InstallationShape {}

const InstallationEntryUrls = z.looseObject({
  location: z.optional(z.string()),
  publicEndpoint: z.optional(z.string()),
  /** Where rendered content is served (the public endpoint when no separate origin serves it). */
  publicContentEndpoint: z.optional(z.string()),
})

/**
 * What an installation on one space and one on one site have in common: both entries describe
 * the same installation, seen from the space or the site it applies to.
 */
const installationEntryFields = {
  integration: z.optional(z.string()),
  installation: z.optional(z.string()),
  status: z.optional(z.string()),
  configuration: z.optional(z.record(z.string(), z.unknown())),
  externalIds: z.optional(z.array(z.string())),
  urls: z.optional(InstallationEntryUrls),
}

/** An integration's installation on one space; `space` is an ID, or the Space when expanded. */
export const SpaceInstallation = z.looseObject({ ...installationEntryFields, space: z.union([z.string(), Space]) })
export interface SpaceInstallation extends SpaceInstallationShape {}

/** An integration's installation on one site; `site` is an ID, or the Site when expanded. */
export const SiteInstallation = z.looseObject({ ...installationEntryFields, site: z.union([z.string(), Site]) })
export interface SiteInstallation extends SiteInstallationShape {}

/** A token that acts as one installation: it reaches that installation and the spaces and sites it covers. */
export const InstallationToken = z.looseObject({ token: z.string() })
export interface InstallationToken extends InstallationTokenShape {}

/** An installation of an organization with the integration it installs. */
export const OrganizationInstallation = z.looseObject({ installation: Installation, integration: Integration })
export interface OrganizationInstallation extends OrganizationInstallationShape {}

/** Which spaces (sites) of its organization an installation covers: every one, or those it was installed on. */
export const InstallationSelection = z.enum(['all', 'selected'])
export type InstallationSelection = z.infer<typeof InstallationSelection>
