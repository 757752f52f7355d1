import type { MockPlatform } from '../platform.ts'

/** What the CLI says on start. */
export interface BannerInput {
  url: string
  scenario: string
  seed: string | undefined
  /** Tokens made fresh for this start (listening off loopback, no state file restored). */
  freshTokens?: boolean | undefined
  /** The state file and whether it was restored or created. */
  state?: { file: string; restored: boolean } | undefined
  tokens: ReadonlyArray<readonly [name: string, token: string]>
}

/** Tokens listed at most when they come from a restored file, which may hold many users. */
const MAX_LISTED = 20

/**
 * The tokens a user can call the server with, by name. Normally the scenario's (`platform.tokens`);
 * a restored state may come from another seed or a scenario built in code, so only tokens that
 * exist in it are listed, and when none of the scenario's do, the file's own tokens are, named by
 * their label or their user.
 */
export function usableTokens(platform: Pick<MockPlatform, 'tokens' | 'db'>): Array<[string, string]> {
  const db = platform.db
  const known = Object.entries(platform.tokens).filter(([, token]) => db.tokens.get(token))
  if (known.length > 0) return known
  const listed: Array<[string, string]> = []
  for (const token of db.tokens.all()) {
    const name = token.label !== 'default' ? token.label : (db.users.get(token.user)?.displayName ?? token.user)
    listed.push([name, token.id])
    if (listed.length === MAX_LISTED) break
  }
  return listed
}

/** The start message: base URL, tokens, and an SDK snippet ready to paste. */
export function formatBanner(input: BannerInput): string {
  const lines = [`docplat mock listening on ${input.url}`, '']
  lines.push(`  scenario  ${input.scenario}${input.seed === undefined ? '' : ` (seed ${JSON.stringify(input.seed)})`}`)
  if (input.state) lines.push(`  state     ${input.state.file} (${input.state.restored ? 'restored' : 'created'}; saved after each change)`)
  else lines.push('  state     in memory (lost on exit; --state <file> keeps it)')
  lines.push(`  inspector ${input.url}/_docplat/ (control plane: ${input.url}/_docplat/health, reset, clock, faults...)`)
  lines.push('')
  if (input.tokens.length === 0) {
    lines.push('No tokens: this state has no users. Create an organization, then a user with a role in it:')
    lines.push('')
    lines.push(`  curl -X POST ${input.url}/_docplat/organizations -H 'content-type: application/json' -d '{"title":"Acme"}'`)
    lines.push(`  curl -X POST ${input.url}/_docplat/users -H 'content-type: application/json' -d '{"organization":"<id>","role":"admin"}'`)
    lines.push('')
    lines.push('(or build a state in code with createMockPlatform and saveStateFile, and serve it with --state).')
  } else {
    lines.push(
      input.freshTokens
        ? 'Tokens, fresh for this start since the server listens beyond loopback (--state keeps them):'
        : 'Tokens (Authorization: Bearer <token>):',
    )
    const width = Math.max(...input.tokens.map(([name]) => name.length))
    for (const [name, token] of input.tokens) lines.push(`  ${name.padEnd(width)}  ${token}`)
  }
  const token = (input.tokens.find(([name]) => name === 'admin') ?? input.tokens[0])?.[1] ?? '<token>'
  lines.push(
    '',
    'From the SDK:',
    '',
    `  import { createClient } from 'docplat'`,
    '',
    `  const client = createClient({ baseUrl: '${input.url}', token: '${token}' })`,
    '  const { items: orgs } = await client.orgs.list()',
    '',
    'From a shell:',
    '',
    `  curl -H 'Authorization: Bearer ${token}' ${input.url}/v1/orgs`,
    '',
    'Press Ctrl+C to stop.',
    '',
  )
  return lines.join('\n')
}
