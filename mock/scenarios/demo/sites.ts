import type { Builders } from '../builders.ts'
import type { DemoContext } from './foundation.ts'

/**
 * The sites of the demo. Acme Docs (public) publishes Getting Started (with API Reference as a
 * second variant) and the Changelog (in a group), with redirects; Carl Creator administers it
 * without being an organization admin. Partner Portal is published through share links, one
 * active and one turned off. Globex has a site of its own.
 */
export async function demoSites(b: Builders, demo: DemoContext): Promise<void> {
  const { acme, globex } = demo.orgs
  const { guide, reference, changelog, partners, globexPublic } = demo.spaces

  const docs = await b.site({
    organization: acme.id,
    title: 'Acme Docs',
    basename: 'docs',
    visibility: 'public',
    admins: [demo.users.create.user.id],
  })
  const guides = await b.section({
    site: docs.id,
    space: guide.id,
    title: 'Guides',
    icon: 'book-open',
    description: 'Learn Acme step by step',
  })
  await b.siteSpace({
    site: docs.id,
    section: guides.id,
    space: reference.id,
    path: 'developers',
    condition: 'visitor.claims.developer == true',
  })
  const news = await b.section({ site: docs.id, space: changelog.id, title: 'Changelog', icon: 'newspaper' })
  await b.sectionGroup({ site: docs.id, title: 'Updates', icon: 'bell', sections: [news.id] })
  await b.redirect({ site: docs.id, source: '/quickstart', section: guides.id })
  await b.redirect({ site: docs.id, source: '/releases', section: news.id })

  const portal = await b.site({ organization: acme.id, title: 'Partner Portal', basename: 'partners', visibility: 'share-link' })
  const partnerGuide = await b.section({ site: portal.id, space: partners.id, title: 'Partner Guide' })
  await b.redirect({ site: portal.id, source: '/onboarding', section: partnerGuide.id })
  await b.shareLink({ site: portal.id, name: 'Launch partners' })
  await b.shareLink({ site: portal.id, name: 'Former reseller', active: false })

  const globexDocs = await b.site({ organization: globex.id, title: 'Globex Docs', basename: 'docs', visibility: 'public' })
  await b.section({ site: globexDocs.id, space: globexPublic.id, title: 'Docs' })
}
