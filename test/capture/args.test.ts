import { describe, expect, it } from 'vitest'
import { parseCommandLine, UsageError } from '../../mock/node/args.ts'

describe('docplat-mock capture: command line', () => {
  const base = ['capture', '--base', 'https://api.example.test/', '--token', 't0k', '--out', 'state.json']

  it('reads every option, repeatable ones included, with defaults', () => {
    expect(parseCommandLine(base, {})).toEqual({
      command: 'capture',
      options: {
        base: 'https://api.example.test',
        token: 't0k',
        out: 'state.json',
        organizations: [],
        spaces: [],
        maxPagesPerSpace: undefined,
        noContent: false,
        concurrency: 4,
      },
    })
    const all = parseCommandLine(
      [...base, '--org', 'o1', '--org=o2', '--space', 's1', '--max-pages-per-space', '0', '--no-content', '--concurrency', '8'],
      {},
    )
    expect(all).toMatchObject({
      options: { organizations: ['o1', 'o2'], spaces: ['s1'], maxPagesPerSpace: 0, noContent: true, concurrency: 8 },
    })
  })

  it('takes the token from DOCPLAT_TOKEN when --token is absent', () => {
    const args = ['capture', '--base', 'http://127.0.0.1:4010', '--out', 'x.json']
    expect(parseCommandLine(args, { DOCPLAT_TOKEN: 'from-env' })).toMatchObject({ options: { token: 'from-env' } })
    expect(() => parseCommandLine(args, {})).toThrow(new UsageError('Missing --token (or the DOCPLAT_TOKEN environment variable)'))
  })

  it('refuses what cannot be run, naming the option', () => {
    const cases: Array<[string[], string]> = [
      [['capture', '--token', 't', '--out', 'x'], 'Missing --base'],
      [['capture', '--base', 'ftp://x', '--token', 't', '--out', 'x'], 'Invalid --base "ftp://x"'],
      [['capture', '--base', 'http://x', '--token', 't'], 'Missing --out'],
      [[...base, '--concurrency', '0'], 'Invalid --concurrency "0"'],
      [[...base, '--max-pages-per-space=-1'], 'Invalid --max-pages-per-space "-1"'],
      [[...base, '--org', ' '], 'Invalid --org: must not be empty'],
      [[...base, '--port', '1'], "Unknown option '--port'"],
      [[...base, 'extra'], 'Unexpected argument "extra"'],
    ]
    for (const [argv, message] of cases) expect(() => parseCommandLine(argv, {}), argv.join(' ')).toThrow(message)
  })
})
