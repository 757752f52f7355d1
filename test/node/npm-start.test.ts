/**
 * `npm start` stopped by signalling npm (what a process manager or `kill <pid>` does) stops the
 * server: no orphan keeps the port. npm runs the start script through `sh -c` and forwards
 * SIGINT/SIGTERM to that shell only, so the script `exec`s node to be the one npm signals.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const started: ChildProcess[] = []

afterEach(() => {
  // npm, and whatever it started, in the group it leads: a survivor would be this test's orphan.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // The group is gone: nothing survived.
    }
  }
})

/** `npm start -- --port 0` (the real start script), resolved with the URL it announces. */
async function npmStart(): Promise<{ npm: ChildProcess; url: string; exited: Promise<number | null> }> {
  const npm = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  })
  started.push(npm)
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
  let output = ''
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    npm.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)))
  })
  return { npm, url, exited }
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

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm stops the server`, async () => {
      const { npm, url, exited } = await npmStart()
      expect(await listening(url)).toBe(true)
      npm.kill(signal)
      // npm exits once its script has: the server closed its port before.
      await exited
      expect(await listening(url)).toBe(false)
    }, 180_000)
  }
})
