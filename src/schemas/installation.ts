import * as z from 'zod/mini'
import { Site } from './site.ts'
import { Space } from './space.ts'
import type { InstallationShape, SpaceInstallationShape, SiteInstallationShape } from '../generated/shapes.ts'

/**
 * Status of an installation: `active`, `pending` (required account configuration is missing) or
 * `paused`. Responses accept any string.
 */
export const InstallationStatus = /*@__PURE__*/ z.enum(['active', 'pending', 'paused'])
export type InstallationStatus = z.infer<typeof InstallationStatus>

/** An installation of an integration in an organization. */
export const Installation = /*@__PURE__*/ z.looseObject({
  object: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.literal('integration-installation')),
  id: /*@__PURE__*/ z.string(),
  /** Name of the installed integration. */
  integration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  space_selection: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  site_selection: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  spaces: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.number()),
  configuration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())),
  createdAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  updatedAt: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  urls: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.looseObject({
      location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      app: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
      publicEndpoint: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    }),
  ),
  externalIds: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  target: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.looseObject({ organization: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()) })),
})
export interface Installation extends InstallationShape {}

const InstallationEntryUrls = /*@__PURE__*/ z.looseObject({
  location: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  publicEndpoint: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
})

/** An integration's installation on one space; `space` is an ID, or the Space when expanded. */
export const SpaceInstallation = /*@__PURE__*/ z.looseObject({
  integration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  installation: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  configuration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())),
  externalIds: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  urls: /*@__PURE__*/ z.optional(InstallationEntryUrls),
  space: /*@__PURE__*/ z.union([/*@__PURE__*/ z.string(), Space]),
})
export interface SpaceInstallation extends SpaceInstallationShape {}

/** An integration's installation on one site; `site` is an ID, or the Site when expanded. */
export const SiteInstallation = /*@__PURE__*/ z.looseObject({
  integration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  installation: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  configuration: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())),
  externalIds: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
  urls: /*@__PURE__*/ z.optional(InstallationEntryUrls),
  site: /*@__PURE__*/ z.union([/*@__PURE__*/ z.string(), Site]),
})
export interface SiteInstallation extends SiteInstallationShape {}
