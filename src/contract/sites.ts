/**
 * Operations of the sites area: sites (an addition to the spec), sections, section groups,
 * site spaces, redirects and share links. Each sub-area is its own file under `sites/`.
 */
export * from './sites/site.ts'
export * from './sites/sections.ts'
export * from './sites/section-groups.ts'
export * from './sites/site-spaces.ts'
export * from './sites/redirects.ts'
export * from './sites/share-links.ts'
