/**
 * `npx docplat-mock serve` (and `npm exec`) stopped by signalling npm stops the server too. npm
 * runs a bin through `sh -c`; SIGTERM kills that shell without passing on, and npm exits after
 * it: the server would live on, re-parented, holding its port and the caller's pipes. A server
 * started directly (not by npm) still outlives the shell that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './child.ts'

let project: string
const groups: ChildProcess[] = []
const servers: number[] = []

beforeAll(() => {
  // A project with docplat installed, as npm lays it out: the bin in node_modules/.bin. Here the
  // bin runs the sources on the Node that runs this test (Node 24 runs TypeScript as is).
  project = mkdtempSync(join(tmpdir(), 'docplat-npx-'))
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'npx-consumer', private: true, version: '1.0.0' }))
  mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
  const bin = join(project, 'node_modules/.bin/docplat-mock')
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'mock/node/cli.ts')}' "$@"\n`)
  chmodSync(bin, 0o755)
})

afterAll(() => rmSync(project, { recursive: true, force: true }))

afterEach(() => {
  // Whatever a failed test left: npm's whole group, and servers started on their own.
  for (const child of groups.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // The group is gone: nothing survived.
    }
  }
  for (const pid of servers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Already stopped.
    }
  }
})

/** The environment without what npm sets: as a shell that npm did not start has it. */
function withoutNpm(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')))
}

/** Starts `command`, in a process group of its own; resolves with the URL the server printed. */
async function started(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env })
  groups.push(child)
  // 'close' comes once every holder of the pipes has exited: npm, its shell, and the server.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match && output.includes('Press Ctrl+C')) resolve(match[1]!)
    })
    void closed.then(() => reject(new Error(`${command} ${args.join(' ')} ended before listening:\n${output}`)))
  })
  return { child, url, closed, output: () => output }
}

/** Whether something accepts connections on the URL's port. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

const SERVE = ['docplat-mock', 'serve', '--port', '0', '--quiet', '--scenario', 'empty']

describe('a server started through npm stops with it', { timeout: 180_000 }, () => {
  for (const [label, command, args] of [
    ['npx', 'npx', SERVE],
    ['npm exec', 'npm', ['exec', '--', ...SERVE]],
  ] as const) {
    it(`SIGTERM to \`${label}\` stops the server: its port closes`, async () => {
      const npm = await started(command, [...args], { ...process.env, npm_config_update_notifier: 'false' })
      expect(await listening(npm.url)).toBe(true)
      npm.child.kill('SIGTERM')
      // Without the server stopping, its end of the pipes stays open and this never resolves.
      await npm.closed
      expect(await listening(npm.url)).toBe(false)
      expect(npm.output()).toContain('docplat-mock: npm, which started it, has exited: stopping...')
    })
  }

  it('SIGINT to the group (Ctrl+C) stops npx and the server', async () => {
    const npm = await started('npx', [...SERVE], { ...process.env, npm_config_update_notifier: 'false' })
    process.kill(-npm.child.pid!, 'SIGINT')
    await npm.closed
    expect(await listening(npm.url)).toBe(false)
  })

  it('a server started directly outlives the shell that started it, while one started by npm stops', async () => {
    // `docplat-mock serve &` from a shell that npm did not start; the shell exits at once.
    const shell = await started(
      'sh',
      ['-c', `'${process.execPath}' '${join(ROOT, 'mock/node/cli.ts')}' serve --port 0 --quiet --scenario empty & echo "pid $!"`],
      withoutNpm(),
    )
    const pid = Number(/pid (\d+)/.exec(shell.output())![1])
    servers.push(pid)
    await new Promise<void>((resolve) => (shell.child.exitCode !== null ? resolve() : shell.child.once('exit', () => resolve())))
    // Meanwhile a server started by npm is orphaned and notices it: more than the time a watching
    // server needs to see its parent gone has passed, measured by that server itself.
    const npm = await started('npx', [...SERVE], { ...process.env, npm_config_update_notifier: 'false' })
    npm.child.kill('SIGTERM')
    await npm.closed
    expect(await listening(npm.url)).toBe(false)
    expect(await listening(shell.url)).toBe(true)
    expect((await fetch(`${shell.url}/_docplat/health`)).status).toBe(200)
    process.kill(pid, 'SIGTERM')
  })
})
