import type { BuildContent } from '../../../model/content/build.ts'

/**
 * "Getting Started" (public): nested pages, code, images, tables, variables, internal and
 * external links. Broken on purpose: a link to a missing page (quickstart), to a missing file
 * (faq) and to an external URL marked broken (installation).
 */
export const guideContent: BuildContent = {
  variables: { productName: 'Acme Platform', cliVersion: '4.2.0' },
  reusableContents: [{ title: 'Support footer', markdown: 'Need help? Write to support@acme.test or ask in the community forum.' }],
  files: [
    { name: 'hero.png', dimensions: { width: 1920, height: 1080 }, size: 248_331 },
    { name: 'permissions.svg', size: 18_204 },
    { name: 'cli-output.png', dimensions: { width: 1280, height: 720 }, size: 96_412 },
    { name: 'acme-config.yaml', size: 1_377 },
    { name: 'brand-guidelines.pdf', size: 2_845_112 },
  ],
  pages: [
    {
      title: 'Welcome',
      emoji: '👋',
      description: 'What the Acme Platform is and where to start',
      markdown: `![The Acme Platform dashboard](/.files/hero.png)

The **{{ space.vars.productName }}** hosts your documentation, keeps every change reviewable and
publishes it to your readers. This guide takes you from an empty account to a published site.

## Where to start

- New here? Follow the [Quickstart](/quickstart): ten minutes, one command.
- Installing the CLI on a server? Read [Installation](/installation).
- Want the big picture first? Start with [Spaces and collections](/concepts/spaces-and-collections).

## Getting help

Browse the [FAQ](faq) or visit the [community forum](https://community.acme.test/c/docs).
`,
    },
    {
      title: 'Quickstart',
      emoji: '🚀',
      description: 'Publish your first page in ten minutes',
      markdown: `This quickstart creates a space, writes a page and publishes it.

## 1. Install the CLI

\`\`\`bash
npm install --global @acme/cli
acme login
\`\`\`

## 2. Create a space

\`\`\`bash
acme spaces create "Product docs" --visibility public
\`\`\`

The command prints the new space's ID. Spaces are explained in
[Spaces and collections](/concepts/spaces-and-collections).

## 3. Write and publish

1. Open the space in the app and add a page.
2. Write a few paragraphs, then press **Publish**.
3. Share the published URL.

![Output of the CLI after publishing](/.files/cli-output.png)

To be notified when readers open a page, set up [webhooks](/concepts/webhooks).
`,
    },
    {
      title: 'Installation',
      emoji: '📦',
      markdown: `The Acme CLI runs on macOS, Linux and Windows. The current version is **{{ space.vars.cliVersion }}**.

## Requirments

- [Node.js](https://nodejs.org/en/download) 20 or later
- An Acme account and an API token (see [Authentication](concepts/authentication))

## Install with npm

\`\`\`bash
npm install --global @acme/cli@{{ space.vars.cliVersion }}
\`\`\`

## Install with Docker

\`\`\`bash
docker run --rm -it ghcr.io/acme/cli:latest acme --version
\`\`\`

New to containers? The [Docker guide](https://docs.docker.com/get-started/) explains the basics.

## Configuration

The CLI reads [acme-config.yaml](/.files/acme-config.yaml) from the current directory. You will
recieve a warning when a key is unknown.

Older versions could be downloaded from [the legacy portal](https://legacy.acme.test/downloads).
`,
    },
    {
      title: 'Concepts',
      type: 'group',
      pages: [
        {
          title: 'Spaces and collections',
          markdown: `A **space** holds the pages and files of one piece of documentation. A **collection**
groups spaces (and other collections), and passes its permissions down to them.

## Visibility

| Visibility | Who can read |
|---|---|
| public | Anyone, indexed by search engines |
| unlisted | Anyone with the link |
| share-link | Anyone with a secret link |
| private | Members you invite |

## Revisions

Every change creates a revision. A space shows its latest revision; older ones stay in the
history, so nothing is ever lost. Proposed edits live in [change requests](/guides/reviewing-changes).
`,
        },
        {
          title: 'Authentication',
          emoji: '🔑',
          markdown: `Every API request carries a token in the \`Authorization\` header:

\`\`\`http
GET /v1/orgs HTTP/1.1
Authorization: Bearer <your token>
\`\`\`

## Creating a token

Open **Settings → Developer** in the app and create a token. Treat it like a password: anyone
holding it acts as you.

## Token scopes

- \`read\`: read content
- \`write\`: edit content and open change requests
- \`admin\`: manage members, teams and billing

See [Permissions](permissions) for what each role allows.
`,
        },
        {
          title: 'Permissions',
          markdown: `Roles are ordered: read, comment, edit, review, create, admin. Each role includes the
ones before it.

![How roles inherit through collections](/.files/permissions.svg)

> Organization admins are admins of every space, whatever the space's own settings say.

A member's role on a space is the highest of their explicit grants, their teams' grants and the
default level of the space or its collections.
`,
        },
      ],
    },
    {
      title: 'Guides',
      type: 'group',
      pages: [
        {
          title: 'Importing content',
          markdown: `Bring existing documentation into a space from a website, a Git repository or a file.

## From GitHub

\`\`\`bash
acme import https://github.com/acme/docs-example --source github
\`\`\`

Each import creates a new revision, so you can compare it with the previous one. An example
repository lives at [acme/docs-example](https://github.com/acme/docs-example).

## From a website

Give the URL of the site's first page; linked pages of the same site are imported too.
`,
        },
        {
          title: 'Searching your docs',
          markdown: `The search box finds pages by title and by the text of each section. Results show the
section that matched, so readers land right on the answer.

## Tips

- Searches match the start of words: \`instal\` finds *installation*.
- All words must match: \`docker install\` only finds pages mentioning both.
- Hidden pages are searchable; pages marked *no index* are not.
`,
        },
        {
          title: 'Reviewing changes',
          markdown: `Edits are proposed in a **change request**: a copy of the space's content where you can
work without affecting readers.

## Requesting a review

Ask teammates with the review role to look at your change request. They get notified and can
comment on any block.

## Merging

Once approved, merge the change request: its content becomes the space's new revision.
`,
        },
      ],
    },
    {
      title: 'FAQ',
      emoji: '❓',
      markdown: `## Is there a free plan?

Yes: the free plan includes one public space. See the [pricing sheet](/.files/pricing-2023.pdf).

## Can I use my own domain?

Yes, on paid plans. Point a CNAME record to \`sites.acme.test\`.

## How do I delete my account?

Ask an organization admin, or write to support@acme.test.
`,
    },
  ],
}
