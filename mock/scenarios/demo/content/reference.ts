import type { BuildContent } from '../../../model/content/build.ts'

/** "API Reference" (in-collection): resources, errors, and a computed OpenAPI page with its output. */
export const referenceContent: BuildContent = {
  variables: { baseUrl: 'https://api.acme.test/v1' },
  files: [
    { name: 'openapi.yaml', size: 84_120 },
    { name: 'request-flow.png', dimensions: { width: 1400, height: 600 }, size: 61_870 },
  ],
  pages: [
    {
      title: 'Overview',
      emoji: '📗',
      markdown: `The Acme API is a JSON API over HTTPS. Every path starts with \`{{ space.vars.baseUrl }}\`.

![From request to response](/.files/request-flow.png)

## Requests

Send JSON bodies with \`Content-Type: application/json\` and authenticate as described in
[Authentication](authentication).

## Responses

Lists come in pages: \`{ items, count, next }\`. Errors are described in [Errors](errors).

The full machine-readable description is [openapi.yaml](/.files/openapi.yaml).
`,
    },
    {
      title: 'Authentication',
      markdown: `Pass an API token as a bearer token:

\`\`\`bash
curl -H "Authorization: Bearer $ACME_TOKEN" {{ space.vars.baseUrl }}/orgs
\`\`\`

A missing or unknown token is answered with \`401 Unauthorized\`.
`,
    },
    {
      title: 'Errors',
      markdown: `Errors share one shape:

\`\`\`json
{ "error": { "code": 404, "message": "Space abc not found" } }
\`\`\`

| Status | Meaning |
|---|---|
| 400 | The request is invalid; the message names the field |
| 401 | The token is missing or unknown |
| 403 | The token's user may not do this |
| 404 | Nothing by that ID, or nothing the user can see |
| 409 | The request conflicts with the current state |
`,
    },
    {
      title: 'Resources',
      type: 'group',
      pages: [
        {
          title: 'Spaces',
          markdown: `A space holds documentation content.

## Get a space

\`\`\`http
GET /v1/spaces/{spaceId}
\`\`\`

## Update a space

\`\`\`http
PATCH /v1/spaces/{spaceId}
\`\`\`

Fields: \`title\`, \`emoji\`, \`editMode\`, \`defaultLevel\`. Pages of a space are described in [Pages](pages).
`,
        },
        {
          title: 'Pages',
          markdown: `Pages nest: each page has a \`path\` made of the slugs of its ancestors and its own.

## List pages

\`\`\`http
GET /v1/spaces/{spaceId}/content/pages
\`\`\`

## Get a page

\`\`\`http
GET /v1/spaces/{spaceId}/content/page/{pageId}?format=markdown
\`\`\`

Images and attachments are [Files](files).
`,
        },
        {
          title: 'Files',
          markdown: `Files are images and attachments used by pages. Each has a \`contentType\`, a \`size\` in
bytes and, for images, \`dimensions\`.

\`\`\`http
GET /v1/spaces/{spaceId}/content/files/{fileId}/backlinks
\`\`\`

lists the pages that use a file.
`,
        },
      ],
    },
    {
      title: 'OpenAPI reference',
      computed: { type: 'builtin:openapi', spec: 'acme-api', props: { doc: 'spec' } },
      computedSeed: 'acme-api@3',
      markdown: `Generated from the **acme-api** specification: every operation, its parameters and responses.
`,
      pages: [
        {
          title: 'Spaces endpoints',
          markdown: `## GET /spaces/{spaceId}

Returns a space.

## PATCH /spaces/{spaceId}

Updates a space.
`,
        },
        {
          title: 'Content endpoints',
          markdown: `## GET /spaces/{spaceId}/content

Returns the active revision.

## POST /spaces/{spaceId}/content/import

Imports content from a URL into a new revision.
`,
        },
      ],
    },
  ],
}
