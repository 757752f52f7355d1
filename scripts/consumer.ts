/**
 * The consumer test (docs/decisions/packaging.md): packs the package once, installs the tarball
 * into fresh projects in a temporary folder, and runs real calls through every entry point and
 * module system we claim, on the system Node 20 and on Node 24. It is what a `require('docplat')`
 * failure or a dependency the mock forgot to bundle would break. `npm run test:consumer`, in CI.
 *
 * Installs come from npm's cache when they can (`--prefer-offline`). Set KEEP=1 to keep the folder,
 * TARBALL=path to test a tarball packed before, ONLY=bare,msw,storybook,typed,strict,recipes,jest,playwright,browser,runtimes for some sections.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumPath, serveStatic } from '../test/browser/support.ts'
import { codeBlocks } from '../test/docs/blocks.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FIXTURES = join(ROOT, 'test/consumer/fixtures')
const work = mkdtempSync(join(tmpdir(), 'docplat-consumer-'))
const NPM = 'npm'

/** The Node versions the package claims (package.json `engines`), as found on this machine. */
function nodes(): Array<{ name: string; bin: string }> {
  const found = [{ name: `node ${process.versions.node}`, bin: process.execPath }]
  const system = execFileSync('bash', ['-c', 'which -a node || true'], { encoding: 'utf8' })
    .split('\n')
    .filter((bin) => bin !== '' && !bin.includes('node_modules'))
  for (const bin of system) {
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().slice(1)
    if (version.split('.')[0] !== process.versions.node.split('.')[0]) {
      found.unshift({ name: `node ${version}`, bin })
      break
    }
  }
  return found
}

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      timeout: 300_000,
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`)
  }
}

/** A fresh project with the tarball and `extra` packages installed. */
function project(name: string, extra: string[], manifest: Record<string, unknown> = {}): string {
  const dir = join(work, name)
  mkdirSync(dir)
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `consumer-${name}`, private: true, version: '1.0.0', ...manifest }, null, 2),
  )
  sh(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball, ...extra], dir)
  return dir
}

/** Packages and megabytes under `node_modules` (what an install added). */
function footprint(dir: string): { packages: number; mb: number; names: string[] } {
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> }
  const names = Object.keys(lock.packages).map((p) => p.replace(/^.*node_modules\//, ''))
  const size = (path: string): number =>
    statSync(path).isDirectory() ? readdirSync(path).reduce((sum, entry) => sum + size(join(path, entry)), 0) : statSync(path).size
  return { packages: names.length, mb: size(join(dir, 'node_modules')) / 1e6, names }
}

const results: string[] = []
const only = process.env.ONLY?.split(',')
const want = (section: string) => only === undefined || only.includes(section)
function check(label: string, run: () => string | void): void {
  const started = Date.now()
  const out = run()
  results.push(`ok  ${label}${out ? `: ${out.trim().split('\n').at(-1)}` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  console.log(results.at(-1))
}

/** Runs the CLI with `serve --port 0`, calls the server it announces, and stops it. */
async function cli(node: string, dir: string): Promise<string> {
  const bin = join(
    dir,
    'node_modules/docplat',
    JSON.parse(readFileSync(join(dir, 'node_modules/docplat/package.json'), 'utf8')).bin['docplat-mock'],
  )
  const child = spawn(node, [bin, 'serve', '--port', '0', '--scenario', 'demo'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk
        const match = /listening on (http:\/\/\S+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`docplat-mock exited with ${code}:\n${output}`)))
    })
    const response = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${/dpt_admin_\w+/.exec(output)?.[0] ?? ''}` } })
    if (response.status !== 200) throw new Error(`GET /v1/orgs answered ${response.status}: ${await response.text()}\n${output}`)
    const body = (await response.json()) as { items: unknown[] }
    return `docplat-mock serve answered ${body.items.length} organizations at ${url}`
  } finally {
    child.kill('SIGTERM')
  }
}

/** Starts `docplat-mock serve --port 0` from the installed package's bin; its URL, the demo admin's token, and a stop. */
async function serveMock(node: string, dir: string): Promise<{ url: string; token: string; stop: () => void }> {
  const bin = join(
    dir,
    'node_modules/docplat',
    JSON.parse(readFileSync(join(dir, 'node_modules/docplat/package.json'), 'utf8')).bin['docplat-mock'],
  )
  const child = spawn(node, [bin, 'serve', '--port', '0', '--scenario', 'demo'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  try {
    return await new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk
        const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
        const token = /dpt_admin_\w+/.exec(output)?.[0]
        if (url && token) resolve({ url, token, stop: () => child.kill('SIGTERM') })
      })
      child.once('exit', (code) => reject(new Error(`docplat-mock exited with ${code}:\n${output}`)))
    })
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
}

/**
 * A runtime's binary, from the platform package its npm package lists as an optional dependency
 * (npm installs the ones for this machine), the first that runs here (`bun` ships a baseline
 * build beside one that needs AVX2); or, when the package's own install script ran (npm 11 runs
 * some), where that script put it: bun's moves the binary out of the platform package into
 * `bun/bin/bun.exe`.
 */
function platformBinary(pkg: string, file: string, installed: string): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>
  }
  const candidates = [
    ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => join(ROOT, 'node_modules', name, file)),
    join(ROOT, 'node_modules', pkg, installed),
  ]
  for (const bin of candidates) {
    if (!existsSync(bin)) continue
    try {
      execFileSync(bin, ['--version'], { stdio: 'ignore', timeout: 60_000 })
      return bin
    } catch {}
  }
  throw new Error(
    `no runnable ${pkg} binary in node_modules (${Object.keys(manifest.optionalDependencies ?? {}).join(', ')}): run npm install`,
  )
}

console.log(`consumer test in ${work}`)
/** The tarball under test: packed from a fresh build, or TARBALL (one packed before) to iterate faster. */
function pack(): string {
  if (process.env.TARBALL) return process.env.TARBALL
  sh(NPM, ['run', 'build'], ROOT)
  const packed = JSON.parse(sh(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT)) as Array<{
    filename: string
  }>
  return join(work, packed[0]!.filename)
}
const tarball = pack()
const runtimes = nodes()
console.log(`packed ${tarball}; runtimes: ${runtimes.map((r) => r.name).join(', ')}`)

// 1. The SDK alone, msw not installed: at most 4 packages, and every entry point still works.
let size: ReturnType<typeof footprint> | undefined
if (want('bare')) {
  const bare = project('bare', [], { type: 'commonjs' })
  size = footprint(bare)
  const { packages, names, mb } = size
  check(`npm install docplat: ${packages} packages, ${mb.toFixed(1)} MB`, () => {
    if (packages > 4) throw new Error(`expected at most 4 packages, got ${names.join(', ')}`)
    return names.join(', ')
  })
  for (const file of ['esm.mjs', 'cjs.cjs']) cpSync(join(FIXTURES, file), join(bare, file))
  for (const { name, bin } of runtimes) {
    check(`${name}, no msw, ESM`, () => sh(bin, ['esm.mjs'], bare, { EXPECT_MSW: 'none' }))
    check(`${name}, no msw, CommonJS`, () => sh(bin, ['cjs.cjs'], bare, { EXPECT_MSW: 'none' }))
    const served = await cli(bin, bare)
    check(`${name}, no msw, docplat-mock serve`, () => served)
  }
}

// 2. With msw, both majors the peer range accepts (msw 3 needs Node 22.12+).
if (want('msw'))
  for (const [label, spec, oldest] of [
    ['msw2', 'msw@^2.12.0', 20],
    ['msw3', 'msw@^3.0.0', 22],
  ] as const) {
    const dir = project(label, [spec], { type: 'commonjs' })
    const version = JSON.parse(readFileSync(join(dir, 'node_modules/msw/package.json'), 'utf8')).version as string
    for (const file of ['esm.mjs', 'cjs.cjs']) cpSync(join(FIXTURES, file), join(dir, file))
    for (const { name, bin } of runtimes) {
      if (Number(name.split(' ')[1]!.split('.')[0]) < oldest) continue
      check(`${name}, msw ${version}, ESM`, () => sh(bin, ['esm.mjs'], dir))
      check(`${name}, msw ${version}, CommonJS`, () => sh(bin, ['cjs.cjs'], dir))
    }
    // The Vitest recipe, copied as the README says (Vitest 5 needs Node 22.12+: run by Node 24).
    const recipe = join(dir, 'recipe')
    cpSync(join(ROOT, 'examples/vitest'), recipe, { recursive: true })
    sh(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', 'vitest@^5', 'typescript@~6.0'], dir)
    check(`msw ${version}, examples/vitest with Vitest`, () => {
      const out = sh(process.execPath, [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--root', recipe, '--no-color'], dir)
      return /Tests\s+\d+ passed.*/.exec(out)?.[0] ?? out
    })
    // As a Vite/Vitest project resolves modules.
    check(`msw ${version}, examples/vitest type-checks`, () =>
      sh(
        process.execPath,
        [
          join(dir, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--target',
          'es2022',
          '--allowImportingTsExtensions',
          '--types',
          'node',
          ...readdirSync(recipe)
            .filter((f) => f.endsWith('.ts'))
            .map((f) => join(recipe, f)),
        ],
        dir,
      ),
    )
  }

// The Storybook recipe, copied as its README says, on both msw majors: built with Storybook, then
// both stories' play functions run in Chromium against the mock behind msw's service worker.
if (want('storybook')) {
  const installed = (name: string) =>
    `${name}@${JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version}`
  const tooling = ['storybook', '@storybook/html-vite', 'msw-storybook-addon', 'vite'].map(installed)
  const chrome = await chromium.launch({ executablePath: await chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    for (const [label, spec] of [
      ['storybook-msw2', 'msw@^2.12.0'],
      ['storybook-msw3', 'msw@^3.0.0'],
    ] as const) {
      const dir = project(label, [spec, ...tooling, 'typescript@~6.0'], { type: 'module' })
      const version = JSON.parse(readFileSync(join(dir, 'node_modules/msw/package.json'), 'utf8')).version as string
      // The recipe's files, minus the worker script: `npx msw init` copies the installed msw's.
      for (const part of ['.storybook', 'src']) cpSync(join(ROOT, 'examples/storybook', part), join(dir, part), { recursive: true })
      sh(process.execPath, [join(dir, 'node_modules/msw/cli/index.js'), 'init', 'public', '--save'], dir)
      // "In your project `docplat` is installed; drop this function": viteFinal (and its import).
      const mainFile = join(dir, '.storybook/main.ts')
      const main = readFileSync(mainFile, 'utf8')
        .replace(/^import \{ fileURLToPath \} from 'node:url'\n/m, '')
        .replace(/^ {2}\/\/ Only inside the docplat repository[\s\S]*?^ {4}return vite\n {2}\},\n/m, '')
      if (main.includes('viteFinal') || main.includes('fileURLToPath'))
        throw new Error(`could not drop viteFinal from examples/storybook/.storybook/main.ts:\n${main}`)
      writeFileSync(mainFile, main)
      // Type-checked as a Vite project resolves modules: the msw types are this major's.
      check(`msw ${version}, examples/storybook type-checks`, () =>
        sh(
          process.execPath,
          [
            join(dir, 'node_modules/typescript/bin/tsc'),
            '--noEmit',
            '--strict',
            '--module',
            'esnext',
            '--moduleResolution',
            'bundler',
            '--target',
            'es2022',
            '--lib',
            'es2023,dom,dom.iterable',
            '--allowImportingTsExtensions',
            '--skipLibCheck',
            ...['.storybook', 'src'].flatMap((d) =>
              readdirSync(join(dir, d))
                .filter((f) => f.endsWith('.ts'))
                .map((f) => join(dir, d, f)),
            ),
          ],
          dir,
        ),
      )
      const out = join(dir, 'out')
      check(`msw ${version}, examples/storybook builds with ${tooling[0]}`, () => {
        sh(
          process.execPath,
          [
            join(dir, 'node_modules/storybook/dist/bin/dispatcher.js'),
            'build',
            '-c',
            '.storybook',
            '-o',
            out,
            '--disable-telemetry',
            '--quiet',
          ],
          dir,
          { CI: 'true', STORYBOOK_DISABLE_TELEMETRY: '1' },
        )
        const worker = readFileSync(join(dir, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8')
        if (readFileSync(join(out, 'mockServiceWorker.js'), 'utf8') !== worker)
          throw new Error("the built mockServiceWorker.js is not the installed msw's")
        // The preview bundles this msw's worker client (it checks the script by this checksum) and the mock's demo.
        const checksum = /INTEGRITY_CHECKSUM = '(\w+)'/.exec(worker)![1]!
        const assets = readdirSync(join(out, 'assets'))
          .filter((f) => f.endsWith('.js'))
          .map((f) => readFileSync(join(out, 'assets', f), 'utf8'))
        if (!assets.some((a) => a.includes(checksum))) throw new Error(`no bundle holds msw ${version}'s worker checksum ${checksum}`)
        if (!assets.some((a) => a.includes('Rita Reviewer'))) throw new Error('no bundle holds the mock platform (demo scenario)')
        const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: Record<string, unknown> }
        return `stories ${Object.keys(index.entries).sort().join(', ')}`
      })
      const site = await serveStatic(out)
      try {
        const story = async (id: string, done: (page: import('playwright-core').Page) => Promise<string>) => {
          const started = Date.now()
          const page = await chrome.newPage()
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))
          // Failed loads show up as responses (the read-only story's 403 is expected).
          page.on('console', (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text())))
          page.on('response', (r) => void (r.status() === 404 && !r.url().endsWith('/favicon.ico') && errors.push(`404 ${r.url()}`)))
          await page.goto(`${site.url}/iframe.html?id=${id}&viewMode=story`)
          const seen = await done(page)
          await page.close()
          if (errors.length > 0) throw new Error(`story ${id} on msw ${version}: ${errors.join('\n')}`)
          results.push(
            `ok  msw ${version}, examples/storybook story ${id} in Chromium: ${seen} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
          )
          console.log(results.at(-1))
        }
        await story('spaces-space-editor--rename', async (page) => {
          await page.getByRole('heading', { name: 'New title' }).waitFor({ timeout: 60_000 })
          const status = await page.getByRole('status').textContent()
          if (status !== 'Saved') throw new Error(`Rename on msw ${version}: status ${status}`)
          return 'renamed, "New title" read back'
        })
        await story('spaces-space-editor--read-only-member', async (page) => {
          await page.getByText('You may not rename this space.').waitFor({ timeout: 60_000 })
          const heading = await page.getByRole('heading').textContent()
          if (heading !== 'Getting Started') throw new Error(`ReadOnlyMember on msw ${version}: heading ${heading}`)
          return '403 shown, title unchanged'
        })
      } finally {
        await site.close()
      }
    }
  } finally {
    await chrome.close()
  }
}

if (want('typed')) {
  // 3. TypeScript strict, node16 (ESM and CommonJS files) and bundler resolution, compiled then run.
  // The CommonJS file is checked with skipLibCheck: msw's own declarations (2 and 3 alike) do not
  // compile as CommonJS under node16 (they import ESM-only packages), whatever docplat does.
  const typed = project('typed', ['typescript@~6.0', '@types/node@^24', 'msw@^3.0.0'], { type: 'module' })
  cpSync(join(FIXTURES, 'typed.ts'), join(typed, 'typed.ts'))
  cpSync(join(FIXTURES, 'typed.cts'), join(typed, 'typed.cts'))
  const tsc = (args: string[]) =>
    sh(
      process.execPath,
      [join(typed, 'node_modules/typescript/bin/tsc'), '--strict', '--target', 'es2022', '--types', 'node', '--lib', 'es2023,dom', ...args],
      typed,
    )
  check('TypeScript strict, moduleResolution node16, ESM', () =>
    tsc(['--module', 'node16', '--moduleResolution', 'node16', '--outDir', 'out', 'typed.ts']),
  )
  check('TypeScript strict, moduleResolution node16, CommonJS', () =>
    tsc(['--module', 'node16', '--moduleResolution', 'node16', '--skipLibCheck', '--outDir', 'out', 'typed.cts']),
  )
  check('TypeScript strict, moduleResolution bundler', () =>
    tsc(['--module', 'esnext', '--moduleResolution', 'bundler', '--noEmit', 'typed.ts']),
  )
  for (const { name, bin } of runtimes) {
    check(`${name}, compiled TypeScript (ESM)`, () => sh(bin, ['out/typed.js'], typed))
    check(`${name}, compiled TypeScript (CommonJS)`, () => sh(bin, ['out/typed.cjs'], typed))
  }
}

if (want('strict')) {
  // 3b. As users have TypeScript today: the settings the real `tsc --init` of the latest 5.x and of
  // the latest 7.x (the native compiler: its bin/tsc starts the platform's binary) writes, with
  // `skipLibCheck: false`, so the package's declarations are checked too; with and without msw (an
  // optional peer whose types the declarations name). Every entry point, every option given
  // possibly-undefined values (test/consumer/fixtures/strict.ts).
  for (const typescript of ['typescript@^5', 'typescript@^7']) {
    for (const msw of [[], ['msw@^3.0.0']]) {
      const dir = project(`strict-${typescript.split('^')[1]}${msw.length ? '-msw' : ''}`, [typescript, '@types/node@^24', ...msw], {
        type: 'module',
      })
      const tsc = (args: string[]) => sh(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), ...args], dir)
      const version = tsc(['--version']).trim()
      tsc(['--init'])
      const written = readFileSync(join(dir, 'tsconfig.json'), 'utf8')
      // The two edits the generated file asks for: libraries checked, and (its comment "For nodejs")
      // Node's types; the file is otherwise as written (exactOptionalPropertyTypes included).
      const edit = (text: string, from: RegExp, to: string) => {
        if (!from.test(text)) throw new Error(`${version}: tsc --init no longer writes ${from}; update scripts/consumer.ts:\n${written}`)
        return text.replace(from, to)
      }
      const base = edit(edit(written, /"skipLibCheck": true/, '"skipLibCheck": false'), /^(\s*)"types": \[\],?$/m, '$1"types": ["node"],')
      if (!/"exactOptionalPropertyTypes": true/.test(base))
        throw new Error(`${version}: tsc --init no longer turns on exactOptionalPropertyTypes:\n${written}`)
      for (const file of ['strict.ts', 'strict-browser.ts']) cpSync(join(FIXTURES, file), join(dir, file))
      const label = `${version}, tsc --init + skipLibCheck: false, ${msw.length ? `msw ${JSON.parse(readFileSync(join(dir, 'node_modules/msw/package.json'), 'utf8')).version}` : 'no msw'}`
      // As written (the DOM lib of the default target): every entry point, the browser one included.
      writeFileSync(join(dir, 'tsconfig.json'), base)
      check(`${label}: docplat, docplat/mock, docplat/mock/node, docplat/mock/browser`, () => void tsc(['--noEmit', '-p', '.']))
      // As the file's "For nodejs" comment says: lib esnext, no DOM; the Node entry points. Not with
      // msw: its own declarations (@mswjs/interceptors) need the DOM lib, whatever docplat does.
      if (msw.length) continue
      writeFileSync(
        join(dir, 'tsconfig.node.json'),
        JSON.stringify({ extends: './tsconfig.json', compilerOptions: { lib: ['esnext'] }, files: ['strict.ts'] }),
      )
      check(
        `${label}, lib ["esnext"] (its "For nodejs" lines): docplat, docplat/mock, docplat/mock/node`,
        () => void tsc(['--noEmit', '-p', 'tsconfig.node.json']),
      )
    }
  }
}

/**
 * A project as a user makes one today: `"type": "module"`, the tarball and `packages` installed,
 * and the tsconfig.json of the current `tsc --init` with the two edits the docs ask for
 * (libraries checked, Node's types). Its `tsc` and the project's folder.
 */
function initProject(name: string, packages: string[]): { dir: string; tsc: (args: string[]) => string; version: string } {
  const dir = project(name, ['typescript@^7', ...packages], { type: 'module' })
  const tsc = (args: string[]) => sh(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), ...args], dir)
  tsc(['--init'])
  const written = readFileSync(join(dir, 'tsconfig.json'), 'utf8')
  const edited = written.replace(/"skipLibCheck": true/, '"skipLibCheck": false').replace(/^(\s*)"types": \[\],?$/m, '$1"types": ["node"],')
  if (!edited.includes('"skipLibCheck": false') || !edited.includes('"types": ["node"]'))
    throw new Error(`tsc --init no longer writes skipLibCheck and types as expected; update scripts/consumer.ts:\n${written}`)
  writeFileSync(join(dir, 'tsconfig.json'), edited)
  return { dir, tsc, version: tsc(['--version']).trim() }
}

if (want('recipes')) {
  // 3c. The test-runner recipes as the docs give them, each in a project made by `tsc --init`
  // (skipLibCheck: false): examples/vitest copied as its README says, run and type-checked on
  // Vitest 4 (which npm gives Node 20) and Vitest 5 (Node 22.12+); the matcher declarations for
  // Jest and Playwright, the ```ts consumer blocks of docs/mocking.md, type-checked.
  const node20 = runtimes.find(({ name }) => name.startsWith('node 20.'))
  for (const [vitest, msw, types, runtime] of [
    ['vitest@^4', 'msw@^2.12.0', '@types/node@^20', node20 ?? runtimes.at(-1)!],
    ['vitest@^5', 'msw@^3.0.0', '@types/node@^24', runtimes.at(-1)!],
  ] as const) {
    const { dir, tsc, version } = initProject(`recipe-${vitest.split('^')[1]}`, [vitest, msw, types])
    for (const file of readdirSync(join(ROOT, 'examples/vitest')).filter((f) => f.endsWith('.ts')))
      cpSync(join(ROOT, 'examples/vitest', file), join(dir, file))
    const installed = (name: string) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version as string
    const label = `examples/vitest, Vitest ${installed('vitest')}, msw ${installed('msw')}`
    check(`${label}: type-checks (${version}, tsc --init, skipLibCheck: false)`, () => tsc(['--noEmit', '-p', '.']))
    check(`${label}: runs on ${runtime.name}`, () => {
      const out = sh(runtime.bin, [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--no-color'], dir)
      return /Tests\s+\d+ passed.*/.exec(out)?.[0] ?? out
    })
  }
  const blocks = codeBlocks('docs/mocking.md').filter((block) => block.consumer)
  const { dir, tsc, version } = initProject('runner-matchers', [
    'jest@^30',
    '@jest/globals@^30',
    '@playwright/test@^1.65',
    '@types/node@^24',
  ])
  const files = blocks.map((block) => {
    const file = `mocking-block-${block.index}.${block.code.includes('@playwright/test') ? 'spec' : 'test'}.ts`
    writeFileSync(join(dir, file), block.code)
    return file
  })
  if (files.length !== 2) throw new Error(`expected the Jest and the Playwright blocks of docs/mocking.md, found ${files.join(', ')}`)
  check(`docs/mocking.md's matchers for Jest and @playwright/test type-check (${version}, tsc --init, skipLibCheck: false)`, () =>
    tsc(['--noEmit', '-p', '.']),
  )
}

if (want('jest')) {
  // 4. A default Jest project: CommonJS, Jest's own module loader, no configuration.
  const jest = project('jest', ['jest@^30'], { type: 'commonjs', scripts: { test: 'jest' } })
  cpSync(join(FIXTURES, 'jest.test.js'), join(jest, 'docplat.test.js'))
  for (const { name, bin } of runtimes) {
    check(`${name}, Jest (default CommonJS project)`, () =>
      sh(bin, [join(jest, 'node_modules/jest/bin/jest.js'), '--ci'], jest).concat('jest passed'),
    )
  }
}

if (want('playwright')) {
  // 4b. examples/playwright copied into a project as its README says: the packed docplat, the
  // server started with `npx docplat-mock serve` (and stopped through npx), and the Chromium of
  // CHROMIUM_PATH, as on a machine where Playwright cannot download its own. Type-checked too.
  const playwrightCore = JSON.parse(readFileSync(join(ROOT, 'node_modules/playwright-core/package.json'), 'utf8')).version as string
  const { dir, tsc, version } = initProject('playwright', [
    'vitest@^5',
    `playwright-core@${playwrightCore}`,
    'esbuild@^0.28',
    '@types/node@^24',
  ])
  cpSync(join(ROOT, 'examples/playwright'), dir, { recursive: true, filter: (source) => !source.endsWith('README.md') })
  check(`examples/playwright type-checks (${version}, tsc --init, skipLibCheck: false)`, () => tsc(['--noEmit', '-p', '.']))
  const executable = await chromiumPath()
  check(`examples/playwright passes, npx docplat-mock serve and CHROMIUM_PATH=${executable}`, () => {
    const out = sh(
      process.execPath,
      [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.ts', '--no-color'],
      dir,
      {
        CHROMIUM_PATH: executable,
      },
    )
    const passed = /Tests\s+(\d+) passed/.exec(out)
    if (passed?.[1] !== '11' || /failed|close timed out/.test(out)) throw new Error(`expected 11 tests passed:\n${out}`)
    return passed[0]
  })
}

if (want('browser')) {
  // 5. A browser bundle (esbuild, platform "browser"): no Node built-in may reach it; run in Chromium.
  const browser = project('browser', ['esbuild@^0.28'], { type: 'module' })
  cpSync(join(FIXTURES, 'browser.js'), join(browser, 'browser.js'))
  sh(
    join(browser, 'node_modules/.bin/esbuild'),
    ['browser.js', '--bundle', '--platform=browser', '--format=esm', '--outfile=out.js'],
    browser,
  )
  {
    const started = Date.now()
    const chrome = await chromium.launch({ executablePath: await chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    try {
      // Served from 127.0.0.1, a secure context as a real app's page is (crypto.randomUUID needs one).
      writeFileSync(join(browser, 'index.html'), '<!doctype html><script type="module" src="/out.js"></script>')
      const site = await serveStatic(browser)
      const page = await chrome.newPage()
      await page.goto(`${site.url}/`)
      await page.waitForFunction(() => (globalThis as { consumerResult?: unknown }).consumerResult !== undefined)
      const result = (await page.evaluate(() => (globalThis as { consumerResult?: unknown }).consumerResult)) as {
        ok: boolean
        titles?: string[]
        error?: string
      }
      if (!result.ok || !result.titles?.includes('Acme')) throw new Error(`browser bundle: ${JSON.stringify(result)}`)
      results.push(`ok  esbuild browser bundle in Chromium: ${result.titles!.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      console.log(results.at(-1))
      await site.close()
    } finally {
      await chrome.close()
    }
  }
}

if (want('runtimes')) {
  // 6. The SDK on every runtime it claims (docs/sdk.md, "Module formats and runtimes"): Node 20 and
  // 24, Bun, Deno, and Cloudflare's workerd (through miniflare, as a bundled Worker module), each
  // against `docplat-mock serve` started from the packed package's bin. Bun, Deno and workerd come
  // from the project's devDependencies: their binaries ship in platform packages (optional
  // dependencies), so they need no install script and no download besides npm's.
  const started = Date.now()
  const dir = project('runtimes', [], { type: 'module' })
  for (const file of ['runtime.mjs', 'runtime-main.mjs']) cpSync(join(FIXTURES, file), join(dir, file))
  const version = JSON.parse(readFileSync(join(dir, 'node_modules/docplat/package.json'), 'utf8')).version as string
  const mock = await serveMock(process.execPath, dir)
  try {
    /** The clients the server's request log saw since the last call (and forgets them). */
    const clients = async (): Promise<string[]> => {
      const log = (await (await fetch(`${mock.url}/_docplat/requests`)).json()) as { requests: Array<{ client?: string }> }
      await fetch(`${mock.url}/_docplat/requests`, { method: 'DELETE' })
      return [...new Set(log.requests.map((r) => r.client ?? '(none)'))]
    }
    /** Checks what fixtures/runtime.mjs returned, and that every request named the SDK and `runtime`. */
    const verify = async (label: string, out: string, runtime: RegExp): Promise<string> => {
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
        ok?: boolean
        error?: string
        version: string
        orgs: string[]
        pages: number[]
        members: number
        notFound: string
      }
      if (result.ok === false) throw new Error(`${label}: ${result.error}`)
      const expected = { version, orgs: ['Acme'], pages: [2, 2, 2, 1], members: 7, notFound: 'NotFoundError 404' }
      const got = { version: result.version, orgs: result.orgs, pages: result.pages, members: result.members, notFound: result.notFound }
      if (JSON.stringify(got) !== JSON.stringify(expected))
        throw new Error(`${label}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`)
      const seen = await clients()
      if (seen.length !== 1 || !seen[0]!.startsWith(`docplat/${version} `) || !runtime.test(seen[0]!.slice(`docplat/${version} `.length))) {
        throw new Error(`${label}: the server saw the clients ${JSON.stringify(seen)}, expected docplat/${version} ${runtime.source}`)
      }
      return `orgs, 4 pages, toArray of 7, NotFoundError; User-Agent ${seen[0]}`
    }
    // Run without blocking this process: a blocked event loop misses the server closing an idle
    // keep-alive socket, and the next log fetch fails on it.
    const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
      new Promise<string>((resolve, reject) => {
        execFile(
          command,
          args,
          { cwd: dir, encoding: 'utf8', env: { ...process.env, ...extra }, timeout: 300_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${command} ${args.join(' ')} (in ${dir}) failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
        )
      })
    const env = { DOCPLAT_BASE_URL: mock.url, DOCPLAT_TOKEN: mock.token }
    await clients()
    /** Records a passed runtime with the time its run took. */
    const passed = (label: string, seen: string, since: number) => {
      results.push(`ok  ${label} against docplat-mock serve: ${seen} (${((Date.now() - since) / 1000).toFixed(1)} s)`)
      console.log(results.at(-1))
    }
    for (const { name, bin } of runtimes) {
      const since = Date.now()
      passed(name, await verify(name, await run(bin, ['runtime-main.mjs'], env), /^node\/\d+\.\d+\.\d+$/), since)
    }
    const bun = platformBinary('bun', 'bin/bun', 'bin/bun.exe')
    const bunVersion = (await run(bun, ['--version'])).trim()
    let since = Date.now()
    const bunOut = await run(bun, ['runtime-main.mjs'], { ...env, DO_NOT_TRACK: '1' })
    const bunSeen = await verify('bun', bunOut, /^bun\/\d+\.\d+\.\d+/)
    passed(`bun ${bunVersion}`, bunSeen, since)
    const deno = platformBinary('deno', 'deno', 'deno')
    const denoEnv = { ...env, DENO_DIR: join(work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }
    const denoVersion = /deno (\S+)/.exec(await run(deno, ['--version'], denoEnv))?.[1]
    since = Date.now()
    const denoOut = await run(deno, ['run', '--no-prompt', '--allow-net', '--allow-env', '--allow-read', 'runtime-main.mjs'], denoEnv)
    const denoSeen = await verify('deno', denoOut, /^deno\/\d+\.\d+\.\d+/)
    passed(`deno ${denoVersion}`, denoSeen, since)
    since = Date.now()
    // workerd runs Worker modules without a node_modules resolver: bundled first, with the
    // conditions Workers tooling uses, as an app deploying a Worker would.
    await run(join(ROOT, 'node_modules/.bin/esbuild'), [
      'runtime.mjs',
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--conditions=workerd,worker',
      '--outfile=worker.js',
      '--log-level=warning',
    ])
    const { Miniflare } = await import('miniflare')
    const workerd = new Miniflare({
      modules: true,
      scriptPath: join(dir, 'worker.js'),
      // Module names are paths relative to this root (it defaults to the working directory).
      modulesRoot: dir,
      compatibilityDate: '2026-04-01',
      bindings: { BASE_URL: mock.url, TOKEN: mock.token },
    })
    try {
      const response = await workerd.dispatchFetch('http://worker.test/')
      const workerdSeen = await verify('workerd', await response.text(), /^workerd$/)
      const workerdVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/workerd/package.json'), 'utf8')).version as string
      passed(`workerd ${workerdVersion} (miniflare, bundled Worker module)`, workerdSeen, since)
    } finally {
      await workerd.dispose()
    }
  } finally {
    mock.stop()
  }
  console.log(`runtimes section: ${((Date.now() - started) / 1000).toFixed(1)} s, its install included`)
}

console.log(`\n${results.length} checks passed${size ? `; SDK-only install: ${size.packages} packages, ${size.mb.toFixed(1)} MB` : ''}`)
if (process.env.KEEP) console.log(`kept ${work}`)
else if (existsSync(work)) rmSync(work, { recursive: true, force: true })
