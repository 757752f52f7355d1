/**
 * Writes dist/THIRD_PARTY_LICENSES.md: every package the build bundled (docs/decisions/packaging.md),
 * found from the source maps, with its version, licence and licence text. Run after tsdown
 * (`npm run build`); it fails when a bundled package has no licence text, so nothing ships unlisted.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')

/** Every `.map` under dist. */
function maps(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? maps(join(dir, entry.name)) : entry.name.endsWith('.map') ? [join(dir, entry.name)] : [],
  )
}

/** Folders of the bundled packages (the innermost `node_modules/<name>` of each source). */
const packages = new Set<string>()
for (const file of maps(DIST)) {
  const { sources } = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }
  for (const source of sources) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(join(dirname(file), source))
    if (match) packages.add(match[1]!)
  }
}

const sections: string[] = []
for (const dir of [...packages].sort((a, b) => a.split('node_modules/').at(-1)!.localeCompare(b.split('node_modules/').at(-1)!))) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string
    version: string
    license?: string
    repository?: string | { url: string }
  }
  const licenceFile = readdirSync(dir).find((name) => /^(licen[cs]e|copying)([-.]|$)/i.test(name))
  if (licenceFile === undefined || !existsSync(join(dir, licenceFile))) throw new Error(`${pkg.name} is bundled but ships no licence file`)
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  sections.push(
    `## ${pkg.name} ${pkg.version}\n\nLicence: ${pkg.license ?? 'see below'}${repository ? `. Source: ${repository}` : ''}\n\n` +
      '```text\n' +
      readFileSync(join(dir, licenceFile), 'utf8').trim() +
      '\n```\n',
  )
}

writeFileSync(
  join(DIST, 'THIRD_PARTY_LICENSES.md'),
  `# Third-party licences\n\nThe build of docplat bundles these ${sections.length} packages (docs/decisions/packaging.md). ` +
    'Their licences follow.\n\n' +
    sections.join('\n'),
)
console.log(`dist/THIRD_PARTY_LICENSES.md: ${sections.length} bundled packages`)
