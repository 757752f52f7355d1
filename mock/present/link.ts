import type { LinkStatus } from '../../src/schemas/link.ts'
import type { LinkEntry } from '../derived/content/links.ts'
import type { ContentTarget } from '../model/content/revisions.ts'
import type { PageNode } from '../derived/content/view.ts'
import type { State } from '../model/state.ts'
import { presentFile } from './file.ts'
import { presentPageRef } from './page.ts'
import type { presentSpace } from './space.ts'

function presentTarget(state: State, target: ContentTarget, entry: LinkEntry) {
  const t = entry.target
  switch (t.kind) {
    case 'page':
      return { kind: 'page', page: presentPageRef(state, target, t.page) }
    case 'file':
      return { kind: 'file', file: presentFile(state, target, t.file) }
    case 'url':
      return { kind: 'url', url: t.url }
    case 'missing-page':
      return { kind: 'page', path: t.path }
    case 'missing-file':
      return { kind: 'file', path: t.path }
  }
}

/** A link item: status, relation (`reference` for links, `embed` for images), target and locations. */
export function presentLink(state: State, target: ContentTarget, item: { entry: LinkEntry; status: LinkStatus }) {
  return {
    status: item.status,
    relation: item.entry.relation,
    targetReference: presentTarget(state, target, item.entry),
    locationReferences: item.entry.locations.map((l) => ({
      kind: 'page',
      page: presentPageRef(state, target, l.page),
      node: l.node,
      versionContext: { type: 'revision', revision: target.revision },
    })),
  }
}

/** A backlink: a page of the revision that references a file. */
export function presentBacklink(state: State, target: ContentTarget, page: PageNode, space: ReturnType<typeof presentSpace>) {
  return {
    kind: 'page',
    page: presentPageRef(state, target, page),
    space,
    versionContext: { type: 'revision', revision: target.revision },
  }
}
