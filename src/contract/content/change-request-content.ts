import * as z from 'zod/mini'
import { File } from '../../schemas/file.ts'
import { LinkReference, LinksList } from '../../schemas/link.ts'
import { Page, PageList } from '../../schemas/page.ts'
import { ImportResult, Revision } from '../../schemas/revision.ts'
import { List } from '../../schemas/shared.ts'
import { Id, pagination } from '../common.ts'
import { defineOperation } from '../define.ts'
import { changeRequest, contentQuery, CR, ImportBody, linkQuery, pageQuery } from './common.ts'

const file = { ...changeRequest, fileId: Id }
const page = { ...changeRequest, pageId: Id }

export const getRevisionOfChangeRequestById = defineOperation({
  id: 'getRevisionOfChangeRequestById',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content`,
  sdk: 'changeRequests.content.get',
  status: 200,
  summary: "Get a change request's latest revision",
  params: z.object(changeRequest),
  query: z.object(contentQuery),
  response: Revision,
})

export const importChangeRequestContent = defineOperation({
  id: 'importChangeRequestContent',
  method: 'POST',
  idempotent: false,
  path: `${CR}/content/import`,
  sdk: 'changeRequests.content.import',
  status: 201,
  summary: 'Import content from a URL into a new revision of the change request',
  params: z.object(changeRequest),
  body: ImportBody,
  response: ImportResult,
})

export const listPagesInChangeRequest = defineOperation({
  id: 'listPagesInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/pages`,
  sdk: 'changeRequests.content.listPages',
  status: 200,
  summary: 'List the pages of a change request as a tree',
  params: z.object(changeRequest),
  query: z.object(contentQuery),
  response: PageList,
})

export const listFilesInChangeRequestById = defineOperation({
  id: 'listFilesInChangeRequestById',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files`,
  sdk: 'changeRequests.content.listFiles',
  status: 200,
  summary: 'List the files of a change request',
  params: z.object(changeRequest),
  query: z.object({ ...pagination, ...contentQuery }),
  response: List(File),
  paginated: true,
})

export const getFileInChangeRequestById = defineOperation({
  id: 'getFileInChangeRequestById',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files/{fileId}`,
  sdk: 'changeRequests.content.getFile',
  status: 200,
  summary: 'Get a file of a change request',
  params: z.object(file),
  query: z.object(contentQuery),
  response: File,
})

export const listFileBacklinksInChangeRequest = defineOperation({
  id: 'listFileBacklinksInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files/{fileId}/backlinks`,
  sdk: 'changeRequests.content.listFileBacklinks',
  status: 200,
  summary: 'List the pages of a change request that reference a file',
  params: z.object(file),
  query: z.object({ ...pagination }),
  response: List(LinkReference),
  paginated: true,
})

export const getPageInChangeRequestById = defineOperation({
  id: 'getPageInChangeRequestById',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/page/{pageId}`,
  sdk: 'changeRequests.content.getPage',
  status: 200,
  summary: 'Get a page of a change request with its content as a document or markdown',
  params: z.object(page),
  query: z.object(pageQuery),
  response: Page,
})

export const listPageLinksInChangeRequest = defineOperation({
  id: 'listPageLinksInChangeRequest',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/page/{pageId}/links`,
  sdk: 'changeRequests.content.listPageLinks',
  status: 200,
  summary: 'List the links of a page of a change request with their status',
  params: z.object(page),
  query: z.object({ ...pagination, ...linkQuery }),
  response: LinksList,
  paginated: true,
})
