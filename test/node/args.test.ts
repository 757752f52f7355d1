import { describe, expect, it } from 'vitest'
import { parseCommandLine, UsageError } from '../../mock/node/args.ts'

describe('parseCommandLine', () => {
  it('applies the defaults of npm start and of createMockPlatform', () => {
    expect(parseCommandLine(['serve'])).toEqual({
      command: 'serve',
      options: {
        port: 4010,
        host: '127.0.0.1',
        scenario: 'demo',
        seed: undefined,
        state: undefined,
        tunnelAllow: [],
        cors: undefined,
        controlToken: undefined,
        log: 'text',
        timeouts: {},
      },
    })
  })

  it('reads every option, in either spelling', () => {
    expect(
      parseCommandLine([
        'serve',
        '--port=0',
        '--host',
        '0.0.0.0',
        '--scenario=empty',
        '--seed',
        's1',
        '--state',
        'db.json',
        '--tunnel-allow',
        'A.test,b.test:8443',
        '--tunnel-allow=[::2]',
        '--control-token=k',
        '--cors',
        'http://localhost:5173/, https://App.test',
        '--log',
        'json',
      ]),
    ).toEqual({
      command: 'serve',
      options: {
        port: 0,
        host: '0.0.0.0',
        scenario: 'empty',
        seed: 's1',
        state: 'db.json',
        tunnelAllow: ['a.test', 'b.test:8443', '[::2]'],
        controlToken: 'k',
        cors: ['http://localhost:5173', 'https://app.test'],
        log: 'json',
        timeouts: {},
      },
    })
    expect(parseCommandLine(['serve', '--no-cors', '--quiet', '--log=json'])).toMatchObject({ options: { cors: false, log: 'quiet' } })
    expect(parseCommandLine(['serve', '--cors', '*'])).toMatchObject({ options: { cors: true } })
    expect(
      parseCommandLine(['serve', '--cors-origin', 'https://devbox.lan:5173', '--cors-origin=http://b.test,https://devbox.lan:5173/']),
    ).toMatchObject({ options: { cors: ['https://devbox.lan:5173', 'http://b.test'] } })
    expect(parseCommandLine(['serve', '--allowed-host', 'DevBox.lan,.example.test', '--allowed-host', 'mock'])).toMatchObject({
      options: { allowedHosts: ['devbox.lan', '.example.test', 'mock'] },
    })
    expect(parseCommandLine(['serve', '--allowed-host', '*'])).toMatchObject({ options: { allowedHosts: true } })
    expect(parseCommandLine(['serve', '--host', '::'], { DOCPLAT_CONTROL_TOKEN: 'from-env' })).toMatchObject({
      options: { controlToken: 'from-env' },
    })
    expect(parseCommandLine(['serve', '--port', '65535']).command).toBe('serve')
    expect(
      parseCommandLine(['serve', '--headers-timeout', '500', '--request-timeout=2000', '--idle-timeout', '750', '--linger-timeout', '250']),
    ).toMatchObject({
      options: { timeouts: { headers: 500, request: 2000, idle: 750, linger: 250 } },
    })
  })

  it('answers --help and --version before anything else', () => {
    expect(parseCommandLine(['--help'])).toEqual({ command: 'help' })
    expect(parseCommandLine(['serve', '-h'])).toEqual({ command: 'help' })
    expect(parseCommandLine(['--version'])).toEqual({ command: 'version' })
  })

  it.each([
    [['serve', '--port', '65536'], 'Invalid --port "65536": expected an integer from 0 to 65535'],
    [
      ['serve', '--host', '0.0.0.0'],
      '--host 0.0.0.0 makes the control plane (/_docplat/) reachable from other machines: give it a secret with --control-token',
    ],
    [['serve', '--cors', 'localhost:5173'], 'Invalid --cors-origin "localhost:5173"'],
    [['serve', '--cors-origin', 'http://a.test/path'], 'Invalid --cors-origin "http://a.test/path"'],
    [['serve', '--cors', ','], 'Invalid --cors-origin: give one or more origins'],
    [['serve', '--cors-origin', 'http://a.test', '--no-cors'], '--cors-origin and --no-cors contradict each other'],
    [
      ['serve', '--allowed-host', 'http://devbox.lan'],
      'Invalid --allowed-host "http://devbox.lan": expected a host name without scheme or port',
    ],
    [['serve', '--allowed-host', 'devbox.lan:4010'], 'Invalid --allowed-host "devbox.lan:4010"'],
    [['serve', '--allowed-host', ' , '], 'Invalid --allowed-host: give one or more host names'],
    [['serve', '--log', 'xml'], 'Invalid --log "xml": expected text or json'],
    [['serve', '--control-token', ''], 'Invalid --control-token: must not be empty'],
    [['serve', '--port', '-1'], "Option '--port' argument is ambiguous"],
    [['serve', '--port=-1'], 'Invalid --port "-1"'],
    [['serve', '--port', '1.5'], 'Invalid --port "1.5"'],
    [['serve', '--port', ''], 'Invalid --port ""'],
    [['serve', '--port', '0x10'], 'Invalid --port "0x10"'],
    [['serve', '--host', ' '], 'Invalid --host: must not be empty'],
    [['serve', '--seed', ''], 'Invalid --seed: must not be empty'],
    [['serve', '--state', ''], 'Invalid --state: must not be empty'],
    [
      ['serve', '--tunnel-allow', 'http://a.test'],
      'Invalid --tunnel-allow "http://a.test": expected host names (or host:port) separated by commas',
    ],
    [['serve', '--tunnel-allow', 'a.test,,b.test'], 'Invalid --tunnel-allow ""'],
    [['serve', '--idle-timeout', '0'], 'Invalid --idle-timeout "0": expected a positive number of milliseconds'],
    [['serve', '--linger-timeout', '2s'], 'Invalid --linger-timeout "2s": expected a positive number of milliseconds'],
    [['serve', '--headers-timeout', '1s'], 'Invalid --headers-timeout "1s"'],
    [['serve', '--scenario', 'Demo'], 'Invalid --scenario "Demo": expected one of demo, empty'],
    [['serve', '--verbose'], "Unknown option '--verbose'"],
    [['serve', '--help=yes'], "Option '-h, --help' does not take an argument"],
    [['serve', 'extra'], 'Unexpected argument "extra"'],
    [['--port', '4010'], 'Missing command'],
  ])('refuses %j', (args, message) => {
    let error: unknown
    try {
      parseCommandLine(args)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toContain(message)
    expect((error as Error).message).not.toContain('To specify a positional argument')
  })
})
