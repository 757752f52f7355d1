/**
 * `npm run check:package`: builds the package, packs it as `npm publish` would, and checks the
 * tarball the way users will meet it:
 * - publint (strict: warnings fail too): package.json fields, exports, files that exist;
 * - @arethetypeswrong/cli, profile node16 (ESM and CommonJS under Node's resolution, and bundlers)
 *   on every subpath: each import and require finds matching types;
 * - the file list: only what users need (dist/, openapi.json, README.md, package.json, a licence).
 * Exits non-zero on any problem.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name: string) => join(root, 'node_modules/.bin', name)
const problems: string[] = []

function step(title: string): void {
  console.log(`\n== ${title}`)
}

step('build (npm run build)')
execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })

step('pack (npm pack)')
const out = mkdtempSync(join(tmpdir(), 'docplat-pack-'))
try {
  // The build just ran: skip `prepack`, which would run it again.
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: root, encoding: 'utf8' }),
  ) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string; size: number }> }>
  const tarball = join(out, pack!.filename)
  const files = pack!.files.map((f) => f.path).sort()
  console.log(
    `${pack!.filename}: ${files.length} files, ${(pack!.size / 1024).toFixed(1)} KB packed, ${(pack!.unpackedSize / 1024).toFixed(1)} KB unpacked`,
  )
  for (const file of pack!.files.sort((a, b) => a.path.localeCompare(b.path)))
    console.log(`  ${file.path.padEnd(40)} ${(file.size / 1024).toFixed(1).padStart(8)} KB`)
  const allowed = /^(dist\/.+|openapi\.json|README\.md|package\.json|LICEN[CS]E(\.md|\.txt)?|CHANGELOG\.md)$/
  for (const file of files) if (!allowed.test(file)) problems.push(`tarball: ${file} is not something users need`)
  for (const needed of [
    'package.json',
    'README.md',
    'openapi.json',
    'dist/index.js',
    'dist/index.cjs',
    'dist/mock/browser/index.js',
    'dist/mock/matchers/index.js',
    'dist/mock/matchers/index.cjs',
    'dist/inspector/index.html',
    'dist/inspector/inspector.js',
    'dist/inspector/inspector.css',
  ]) {
    if (!files.includes(needed)) problems.push(`tarball: ${needed} is missing`)
  }

  step('publint (strict)')
  const data = readFileSync(tarball)
  const lint = await publint({
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    level: 'suggestion',
    strict: true,
  })
  for (const message of lint.messages) {
    const text = `publint ${message.type}: ${formatMessage(message, lint.pkg, { color: false }) ?? message.code}`
    console.log(text)
    problems.push(text)
  }
  if (lint.messages.length === 0) console.log('no problems')

  step('attw --profile node16 (ESM and CJS, every subpath)')
  try {
    execFileSync(bin('attw'), [tarball, '--profile', 'node16', '--format', 'table-flipped'], { cwd: root, stdio: 'inherit' })
  } catch {
    problems.push('attw: problems found (table above)')
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}

if (problems.length) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
console.log('\nThe package is clean: publint and attw report nothing; the tarball holds only what users need.')
