import * as z from 'zod/mini'
import { File } from '../../schemas/file.ts'
import { LinkReference, LinksList } from '../../schemas/link.ts'
import { Page, PageList } from '../../schemas/page.ts'
import { ImportResult, Revision } from '../../schemas/revision.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { SP, space } from '../spaces.ts'
import { contentQuery, ImportBody, linkQuery, pageQuery } from './common.ts'

const file = { ...space, fileId: Id }
const page = { ...space, pageId: Id }

export const getCurrentRevision = defineOperation({
  id: 'getCurrentRevision',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content`,
  sdk: 'spaces.content.get',
  status: 200,
  summary: "Get the space's active revision (pages, files, reusable contents, variables)",
  params: z.object(space),
  query: z.object(contentQuery),
  response: Revision,
})

export const importSpaceContent = defineOperation({
  id: 'importSpaceContent',
  method: 'POST',
  idempotent: false,
  path: `${SP}/content/import`,
  sdk: 'spaces.content.import',
  status: 201,
  summary: 'Import content from a URL into a new active revision of the space',
  params: z.object(space),
  body: ImportBody,
  response: ImportResult,
})

export const listPages = defineOperation({
  id: 'listPages',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/pages`,
  sdk: 'spaces.content.listPages',
  status: 200,
  summary: 'List the pages of the space as a tree',
  params: z.object(space),
  query: z.object(contentQuery),
  response: PageList,
})

export const listFiles = defineOperation({
  id: 'listFiles',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/files`,
  sdk: 'spaces.content.listFiles',
  status: 200,
  summary: 'List the files of the space',
  params: z.object(space),
  query: z.object({ ...pagination, ...contentQuery }),
  response: List(File),
  paginated: true,
})

export const getFileById = defineOperation({
  id: 'getFileById',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/files/{fileId}`,
  sdk: 'spaces.content.getFile',
  status: 200,
  summary: 'Get a file of the space',
  params: z.object(file),
  query: z.object(contentQuery),
  response: File,
})

export const listFileBacklinks = defineOperation({
  id: 'listFileBacklinks',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/files/{fileId}/backlinks`,
  sdk: 'spaces.content.listFileBacklinks',
  status: 200,
  summary: 'List the pages of the space that reference a file',
  params: z.object(file),
  query: z.object({ ...pagination }),
  response: List(LinkReference),
  paginated: true,
})

export const getPageById = defineOperation({
  id: 'getPageById',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/page/{pageId}`,
  sdk: 'spaces.content.getPage',
  status: 200,
  summary: 'Get a page of the space with its content as a document or markdown',
  params: z.object(page),
  query: z.object(pageQuery),
  response: Page,
})

export const listPageLinks = defineOperation({
  id: 'listPageLinks',
  method: 'GET',
  idempotent: true,
  path: `${SP}/content/page/{pageId}/links`,
  sdk: 'spaces.content.listPageLinks',
  status: 200,
  summary: 'List the links of a page with their status',
  params: z.object(page),
  query: z.object({ ...pagination, ...linkQuery }),
  response: LinksList,
  paginated: true,
})

export const listSpaceLinks = defineOperation({
  id: 'listSpaceLinks',
  method: 'GET',
  idempotent: true,
  path: `${SP}/links`,
  sdk: 'spaces.listLinks',
  status: 200,
  summary: "List the links of the space's content with their status",
  params: z.object(space),
  query: z.object({ ...pagination, ...linkQuery }),
  response: LinksList,
  paginated: true,
})
