import { fstatSync, type Stats, statSync } from 'node:fs'
import { mkdir, open, readFile, rm, stat, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { applyEntries, type ChangeEntry, type ChangeLog } from '../model/changes.ts'
import type { SerializedState } from '../model/state.ts'
import type { StateLifecycle } from '../lifecycle.ts'
import type { MockPlatform } from '../platform.ts'
import { mockLog, type MockLog } from '../base/logger.ts'
import { readStateFile, restoreChecked, stateTarget, StateFileError, writeStateText } from './state-file.ts'

/** The journal is folded into the state file once it is larger than this and than the file. */
const FOLD_MIN_BYTES = 8 * 1024 * 1024

/** A journaled state file: the snapshot in `file`, the changes since in `file.journal`. */
export interface StateJournal {
  /** Whether the state came from an existing file (else the scenario's, now written). */
  readonly restored: boolean
  /**
   * Appends what the platform committed since the last call and resolves once it (and every
   * earlier append) has been written to the operating system: from then on it survives the
   * process being killed. Rejects when the write failed.
   */
  commit(): Promise<void>
  /**
   * Writes the whole current state to the file (after what is queued) and empties the journal:
   * for changes made outside an operation (the control plane's users, clock, settled deliveries),
   * which no operation's commit records. A restore or a reset checkpoints by itself: the journal
   * subscribes to the platform's state lifecycle.
   */
  checkpoint(): Promise<void>
  /** Writes the remaining changes, folds the journal into the state file and removes it. */
  close(): Promise<void>
}

interface JournalLine extends ChangeEntry {
  /** Entry number: a snapshot records the last one it holds, so replay skips those. */
  n: number
}

/**
 * Opens `--state file`: restores the snapshot plus the journal's entries (a torn last line, from
 * a process killed mid-write, is dropped: it was never acknowledged), folds them into the file,
 * and starts journaling the platform's changes. A missing file is created from the platform's
 * current state. Throws a {@link StateFileError} naming the file when it cannot be used, leaving
 * it untouched.
 *
 * The journal subscribes to the platform's state `lifecycle`: a restore or a reset is written to
 * the file whole before it resolves, and every whole write (a save) takes the state under the
 * state lock, between two operations.
 */
export async function openStateJournal(
  platform: MockPlatform,
  lifecycle: StateLifecycle,
  file: string | StateOnDisk,
  logger: MockLog = mockLog(),
): Promise<StateJournal> {
  const { path, snapshot, entries, torn } = typeof file === 'string' ? await readStateOnDisk(file) : file
  const journalPath = `${path}.journal`
  const from = snapshot?.journal ?? 0
  const fresh = entries.filter((e) => e.n > from)
  let n = Math.max(from, entries.at(-1)?.n ?? 0)
  let snapshotBytes = 0
  if (snapshot !== undefined) {
    await restoreChecked(lifecycle, path, applyEntries(snapshot, fresh))
  }
  // Its subscription to the lifecycle drops what a save writes whole (see `trackChanges`).
  const log: ChangeLog = platform.trackChanges()

  const fold = async (state: SerializedState) => {
    const text = `${JSON.stringify({ ...state, journal: n }, null, 2)}\n`
    await writeStateText(path, text)
    snapshotBytes = text.length
    await handle.truncate(0)
    journalBytes = 0
    dirty = false
  }

  // A new file is written at once, so a bad path fails now rather than at the first change; a
  // replayed journal is folded now, so the next start reads one file.
  await mkdir(dirname(path), { recursive: true })
  let handle: FileHandle = await open(journalPath, 'a')
  let journalBytes = 0
  /** Whether changes were journaled since the file was last written. */
  let dirty = false
  try {
    if (snapshot === undefined || entries.length > 0 || torn) await lifecycle.save(fold)
    // Its size, not its text: reading a large file a second time cost as much as the first read.
    else snapshotBytes = (await stat(path)).size
  } catch (error) {
    await handle.close()
    throw error
  }

  /**
   * Whether the files were removed under the running server (a cleanup script, `rm -r` of the
   * folder): appending to a journal beside a missing state file would leave, after a kill, a
   * journal the next start must refuse; appending to an unlinked journal would lose the writes.
   * Two `stat`s per write, none per read, made synchronously: a metadata look-up costs
   * microseconds, where two trips through libuv's thread pool before every journal write halved
   * the rate of writes with `--state` (measured side by side).
   */
  const filesGone = (): boolean => {
    let file: Stats | undefined | null
    try {
      file = statSync(path, { throwIfNoEntry: false })
    } catch {
      file = null
    }
    return file === undefined || fstatSync(handle.fd).nlink === 0
  }
  /** Writes the live state to the file again, and journals into a file that is there. */
  const rewrite = async () => {
    if ((await handle.stat()).nlink === 0) {
      await mkdir(dirname(journalPath), { recursive: true })
      const unlinked = handle
      handle = await open(journalPath, 'a')
      await unlinked.close()
    }
    // The save holds what the log would have said since the last write.
    await lifecycle.save(fold)
  }

  let tail: Promise<void> = Promise.resolve()
  const write = async () => {
    const taken = log.take()
    if (!taken.snapshot && taken.entries.length === 0) return
    // What was taken is in the live state, which the rewrite writes whole.
    if (filesGone()) return rewrite()
    if (taken.snapshot) await fold(taken.snapshot)
    if (taken.entries.length === 0) return
    const text = taken.entries.map((entry) => `${JSON.stringify({ n: ++n, ...entry })}\n`).join('')
    // No fsync: once write() returns, the bytes are the operating system's and survive the
    // process dying (see docs/decisions/node.md); fsync per write would cost milliseconds each.
    await handle.write(text)
    dirty = true
    journalBytes += text.length
    if (journalBytes > Math.max(FOLD_MIN_BYTES, snapshotBytes)) log.requestSnapshot()
  }

  const journal: StateJournal = {
    restored: snapshot !== undefined,
    commit() {
      const run = tail.then(write)
      tail = run.catch((error: unknown) => {
        // What failed to reach the journal must reach the file: the next write is a whole snapshot.
        logger.error(`could not write the state journal ${journalPath}:`, error)
        log.requestSnapshot()
      })
      return run
    },
    checkpoint() {
      // The save holds whatever the log would have said since the last write.
      const run = tail.then(() => lifecycle.save(fold))
      tail = run.catch((error: unknown) => {
        logger.error(`could not write the state file ${path}:`, error)
        log.requestSnapshot()
      })
      return run
    },
    async close() {
      await tail
      const taken = log.take()
      // An unchanged state leaves the file as it was (a hand-written one keeps its layout).
      if (dirty || taken.snapshot || taken.entries.length > 0) await fold(platform.snapshot())
      await handle.close()
      await rm(journalPath, { force: true })
      unsubscribe()
    },
  }
  // A state replaced whole is in the file before the restore or reset resolves; a failed write
  // is reported by `checkpoint` and leaves the next write a whole snapshot.
  const written = () => journal.checkpoint().catch(() => undefined)
  const unsubscribe = lifecycle.subscribe({ afterRestore: written, afterReset: written })
  return journal
}

/** A `--state` file and its journal as read, before a platform is made to take them. */
export interface StateOnDisk {
  /** The file itself (see {@link stateTarget}). */
  readonly path: string
  /** Its snapshot: `undefined` when the file does not exist (yet). */
  readonly snapshot: (SerializedState & { journal?: number }) | undefined
  /** The journal's complete entries, in order. */
  readonly entries: readonly JournalLine[]
  /** Whether the journal ends in a line cut short. */
  readonly torn: boolean
}

/**
 * Reads `--state file` and its journal, checked, without restoring anything: what
 * {@link openStateJournal} takes, read first so that a platform about to be replaced by the file
 * is not built. Throws a {@link StateFileError} naming the file when it cannot be used.
 */
export async function readStateOnDisk(file: string): Promise<StateOnDisk> {
  const path = await stateTarget(file)
  const journalPath = `${path}.journal`
  const snapshot = await readStateFile(path)
  const { entries, torn } = await readJournal(journalPath)
  if (snapshot === undefined && entries.length > 0) {
    throw new StateFileError(path, `is missing but its journal ${journalPath} is there; restore the file or remove the journal`)
  }
  return { path, snapshot, entries, torn }
}

/** The journal's entries, in order; a last line cut short by a crash is dropped. */
async function readJournal(path: string): Promise<{ entries: JournalLine[]; torn: boolean }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], torn: false }
    throw new StateFileError(path, `cannot be read (${(error as Error).message})`, { cause: error })
  }
  const lines = text.split('\n')
  // Every complete line ends with a newline: what follows the last one was being written.
  const torn = lines.pop() !== ''
  const entries: JournalLine[] = []
  for (let i = 0; i < lines.length; i++) {
    let line: JournalLine
    try {
      line = JSON.parse(lines[i]!) as JournalLine
    } catch (error) {
      throw new StateFileError(path, `line ${i + 1} is not valid JSON (${(error as Error).message}); the journal is damaged`, {
        cause: error,
      })
    }
    if (
      typeof line !== 'object' ||
      line === null ||
      typeof line.n !== 'number' ||
      typeof line.tables !== 'object' ||
      !Array.isArray(line.random)
    ) {
      throw new StateFileError(path, `line ${i + 1} is not a docplat journal entry`)
    }
    entries.push(line)
  }
  return { entries, torn }
}
