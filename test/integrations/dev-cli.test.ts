import { describe, expect, it } from 'vitest'
import { parseCommandLine, UsageError, USAGE } from '../../mock/node/args.ts'
import { formatDelivery } from '../../mock/node/dev-command.ts'

describe('docplat-mock dev: its command line', () => {
  it('takes a manifest, a server, a token, a port and --all', () => {
    expect(parseCommandLine(['dev'], {})).toEqual({
      command: 'dev',
      options: { manifest: '.', server: undefined, token: undefined, port: 4010, all: false },
    })
    expect(
      parseCommandLine(['dev', 'my-integration', '--server', 'http://127.0.0.1:4010', '--token', 't', '--port', '0', '--all'], {}),
    ).toEqual({
      command: 'dev',
      options: { manifest: 'my-integration', server: 'http://127.0.0.1:4010', token: 't', port: 0, all: true },
    })
    expect(USAGE).toContain('docplat-mock dev [manifest]')
  })

  it('refuses a bad command line with a message naming what is wrong', () => {
    const refusal = (argv: string[]) => {
      try {
        parseCommandLine(argv, {})
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError)
        return (error as Error).message
      }
      return 'accepted'
    }
    expect(refusal(['dev', '--server', 'not a url'])).toBe('--server must be a URL: not a url')
    expect(refusal(['dev', 'a', 'b'])).toBe('dev takes one manifest, not 2')
    expect(refusal(['dev', '--token', ' '])).toBe('Invalid --token: must not be empty')
    expect(refusal(['dev', '--bogus'])).toMatch(/Unknown option '--bogus'/)
  })

  it('prints one line per delivery: what, outcome, status, duration', () => {
    expect(formatDelivery({ type: 'installation_setup', status: 200, ok: true, durationMs: 12 })).toBe(
      'installation_setup ok 200 in 12 ms\n',
    )
    expect(formatDelivery({ type: 'ui_render', componentId: 'counter', status: 500, ok: false, durationMs: 3 })).toBe(
      'render counter failed 500 in 3 ms\n',
    )
  })
})
