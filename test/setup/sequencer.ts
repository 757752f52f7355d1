import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * What makes a test file wait rather than compute: it starts a child process (the CLI, a server, a
 * build, a package manager) or a browser, and most of its time is spent waiting on them.
 */
const WAITS = /node:child_process|launchChromium|from '\.\.?\/(?:node\/)?child\.ts'/

/**
 * Vitest's order (files that failed last time first, then the longest last time; without a record
 * of the last run, as in a fresh clone, the largest files first), except that files that wait on a
 * child process or a browser start before the others of their project group: started last, one of
 * them runs alone at the end with a core idle, while started first the files that compute fill the
 * cores around it (docs/decisions/tooling.md).
 */
export default class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const waits = new Map(sorted.map((file) => [file, WAITS.test(readFileSync(file.moduleId, 'utf8'))]))
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder
    // Stable: within each group, waiting files first, each part in vitest's order.
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => group(a.file) - group(b.file) || Number(waits.get(b.file)) - Number(waits.get(a.file)) || a.i - b.i)
      .map(({ file }) => file)
  }
}
