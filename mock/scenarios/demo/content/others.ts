import type { BuildContent } from '../../../model/content/build.ts'

/** The demo's smaller spaces, by the name the foundation gives them. */
export const otherContent: Record<string, BuildContent> = {
  changelog: {
    pages: [
      {
        title: 'v4.2.0',
        markdown: `Released January 2026.

## Added

- Imports from GitLab repositories.
- Search now matches the start of words.

## Fixed

- Broken links in hidden pages are reported again.
`,
      },
      {
        title: 'v4.1.0',
        markdown: `## Added

- Requested reviewers on change requests.

## Changed

- Page paths are built from slugs; old URLs redirect.
`,
      },
      {
        title: 'v4.0.0',
        markdown: `## Breaking changes\n\n- The \`/v0\` API is gone: see the [migration notes](https://acme.test/blog/v4-migration).\n`,
      },
    ],
  },
  partners: {
    pages: [
      {
        title: 'Partner program',
        emoji: '🤝',
        markdown: `Partners resell and integrate the Acme Platform.\n\n## Tiers\n\n1. Registered\n2. Silver\n3. Gold\n\nRead the [integration checklist](integration-checklist) before applying.\n`,
      },
      {
        title: 'Integration checklist',
        markdown: `- [x] Sign the partner agreement\n- [ ] Build the integration against the sandbox\n- [ ] Pass the security review\n`,
      },
    ],
  },
  customers: {
    pages: [
      {
        title: 'Your account',
        markdown: `Sign in with the link your account manager sent you.\n\n## Users\n\nInvite colleagues from **Account → Users**.\n`,
      },
      { title: 'Billing FAQ', markdown: `## When am I charged?\n\nOn the first day of each month, for the previous month.\n` },
    ],
  },
  handbook: {
    files: [
      { name: 'handbook.pdf', size: 1_204_992 },
      { name: 'org-chart.png', dimensions: { width: 2000, height: 1200 }, size: 301_477 },
    ],
    pages: [
      {
        title: 'Welcome to Acme',
        emoji: '👋',
        markdown: `This handbook explains how we work. A printable copy is [handbook.pdf](/.files/handbook.pdf).\n\n![Who is who](/.files/org-chart.png)\n`,
      },
      {
        title: 'Benefits',
        markdown: `Everything Acme offers its employees.`,
        pages: [
          { title: 'Health insurance', markdown: `## Coverage\n\nFull coverage for you and your family from day one.\n` },
          {
            title: 'Time off',
            markdown: `## Vacation\n\n30 days a year, plus public holidays.\n\n## Parental leave\n\n20 weeks, fully paid.\n`,
          },
        ],
      },
      {
        title: 'Security policy',
        markdown: `## Passwords\n\nUse the company password manager. Never share a token.\n\n## Devices\n\nDisks are encrypted; report a lost laptop within the hour.\n`,
      },
    ],
  },
  roadmap: {
    pages: [{ title: '2026 roadmap', markdown: `## Q1\n\n- Offline editing\n\n## Q2\n\n- AI summaries of change requests\n` }],
  },
  archive: {
    pages: [{ title: 'Legacy docs', markdown: `These pages describe the v2 platform, retired in 2024.\n` }],
  },
  globexDocs: {
    pages: [{ title: 'Onboarding', markdown: `Welcome to Globex. Your first week, day by day.\n` }],
  },
  globexPublic: {
    pages: [
      { title: 'Introduction', markdown: `Globex builds logistics software.\n\n## Products\n\n- Globex Route\n- Globex Fleet\n` },
      { title: 'API', markdown: `The Globex API is documented at [api.globex.test](https://api.globex.test/docs).\n` },
    ],
  },
}
