import { isAscii } from 'node:buffer'
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, readlink, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { SerializedState } from '../model/state.ts'
import { isSerializedState, type MockPlatform } from '../platform.ts'
import { DanglingReferenceError } from '../model/references.ts'
import { compileExactCheck, type CompileExactCheck } from '../tables/exact-check.ts'
import { mockLog } from '../base/logger.ts'

/** The part of a platform a state file needs. */
export type Persistable = Pick<MockPlatform, 'snapshot' | 'restore'>

/** A state file that cannot be used: unreadable, not JSON, truncated, or not a docplat mock state. */
export class StateFileError extends Error {
  override name = 'StateFileError'
  /** The absolute path of the file. */
  readonly file: string

  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(`State file ${file}: ${message}`, options)
    this.file = file
  }
}

/**
 * Replaces the platform's state with the one saved in `file`. Resolves `false`, changing nothing,
 * when the file does not exist; throws a {@link StateFileError} naming the file when it cannot be
 * read or is not a docplat mock state, so a typo'd path or a damaged file is never mistaken for
 * "start empty" and then overwritten. A file whose records point at records it lacks (a member of
 * an organization that is not there) is refused the same way, naming the record.
 */
export async function loadStateFile(platform: Persistable, file: string): Promise<boolean> {
  const path = await stateTarget(file)
  const snapshot = await readStateFile(path)
  if (snapshot === undefined) return false
  await restoreChecked(platform, path, snapshot)
  return true
}

/** What a snapshot read from a file is restored into: a platform, or its state lifecycle (which can keep the records read). */
interface Restorable {
  restore(snapshot: SerializedState, options?: { keepAsParsed?: CompileExactCheck }): Promise<void>
}

/**
 * Restores a snapshot read from `path`. The platform checks its references, as it does for every
 * restore (`PUT /_docplat/state` included), so what it accepted there it starts from here. The
 * snapshot is the restore's to keep (`keepAsParsed`): read for it alone, it is not kept elsewhere.
 */
export async function restoreChecked(platform: Restorable, path: string, snapshot: SerializedState): Promise<void> {
  try {
    await platform.restore(snapshot, { keepAsParsed: compileExactCheck })
  } catch (error) {
    const message = error instanceof DanglingReferenceError ? error.message : `could not be restored (${(error as Error).message})`
    throw new StateFileError(path, message, { cause: error })
  }
}

/**
 * Reads and checks a state file without restoring it: `undefined` when it does not exist, a
 * {@link StateFileError} when it is not a usable docplat mock state. `path` is the file itself
 * (see {@link stateTarget}).
 */
export async function readStateFile(path: string): Promise<(SerializedState & { journal?: number }) | undefined> {
  await removeOrphanedTemporaries(path)
  let read: { bytes: Buffer; room: Buffer | undefined }
  try {
    read = await readWithRoom(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(path, `cannot be read (${(error as Error).message})`, { cause: error })
  }
  let value: unknown
  try {
    value = JSON.parse(asciiJson(read.bytes, read.room))
  } catch {
    // Parsed again as the file reads, so the message's positions are the file's own: read again,
    // since the escapes were written over the bytes read.
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      throw new StateFileError(path, `cannot be read (${(error as Error).message})`, { cause: error })
    }
    try {
      value = JSON.parse(text)
    } catch (error) {
      const hint = text.trim() === '' ? 'it is empty' : `${(error as Error).message}; truncated or corrupt?`
      throw new StateFileError(path, `is not valid JSON (${hint})`, { cause: error })
    }
  }
  if (!isSerializedState(value)) throw new StateFileError(path, describeForeign(value))
  return value
}

/**
 * The file's bytes in a buffer with room after them (memory that is never touched unless used:
 * see {@link asciiJson}). Each fresh copy of a large file's text cost as much as reading it,
 * most of it the system handing out new memory.
 */
async function readWithRoom(path: string): Promise<{ bytes: Buffer; room: Buffer | undefined }> {
  const handle = await open(path, 'r')
  try {
    const size = (await handle.stat()).size
    // Never from the shared pool of small buffers: what lies after the bytes must be this buffer's own.
    const room = Buffer.allocUnsafeSlow(size + Math.ceil(size / ROOM_SHARE) + 1)
    let length = 0
    for (;;) {
      // The file grew past its room since it was measured (a writer not of this platform's): read it whole again.
      if (length === room.length) return { bytes: await readFile(path), room: undefined }
      const { bytesRead } = await handle.read(room, length, room.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
    }
    return { bytes: room.subarray(0, length), room }
  } finally {
    await handle.close()
  }
}

/** The room after a file's bytes for the escapes of characters beyond ASCII: a fifth of the file. */
const ROOM_SHARE = 5

/**
 * The UTF-8 JSON text of `bytes` with every character beyond ASCII written as its `\u` escape:
 * the same values for `JSON.parse` (outside a string such a character is an error either way),
 * from a string V8 keeps one byte per character. One emoji in a title makes the plain decoding
 * two bytes per character for the whole file, which doubled the memory and much of the time of
 * reading a large state file. The text is decoded once, with its escapes written in place: into
 * `room`, the buffer `bytes` begin (see {@link readWithRoom}), when it is large enough, else into
 * one copy (joining decoded pieces copied the whole text again, and on a busy machine each copy
 * of 100 MB cost most of a second).
 */
function asciiJson(bytes: Buffer, room: Buffer | undefined): string {
  const runs: Array<[start: number, end: number]> = []
  // In blocks, so a file with such characters everywhere is not checked again at every halving.
  for (let block = 0; block < bytes.length; block += ASCII_BLOCK)
    if (!findBeyondAscii(bytes, block, Math.min(bytes.length, block + ASCII_BLOCK), runs)) return bytes.toString('utf8')
  if (runs.length === 0) return bytes.toString('latin1')
  const escapes = runs.map(([start, end]) => {
    // A run of non-ASCII bytes is whole characters (or bytes that are none, decoded as U+FFFD, as a plain decoding does).
    const text = bytes.toString('utf8', start, end)
    let escaped = ''
    for (let k = 0; k < text.length; k++) escaped += `\\u${text.charCodeAt(k).toString(16).padStart(4, '0')}`
    return escaped
  })
  const length = bytes.length + escapes.reduce((sum, escaped, i) => sum + escaped.length - (runs[i]![1] - runs[i]![0]), 0)
  if (room === undefined || bytes.buffer !== room.buffer || bytes.byteOffset !== room.byteOffset || length > room.length) {
    const pieces: Buffer[] = []
    let from = 0
    for (const [i, [start, end]] of runs.entries()) {
      pieces.push(bytes.subarray(from, start), Buffer.from(escapes[i]!, 'latin1'))
      from = end
    }
    pieces.push(bytes.subarray(from))
    return Buffer.concat(pieces).toString('latin1')
  }
  // From the end, so every byte moves once and never over one not yet moved.
  const text = room.subarray(0, length)
  let to = length
  let from = bytes.length
  for (let i = runs.length - 1; i >= 0; i--) {
    const [start, end] = runs[i]!
    to -= from - end
    text.copyWithin(to, end, from)
    to -= escapes[i]!.length
    text.write(escapes[i]!, to, 'latin1')
    from = start
  }
  return text.toString('latin1')
}

/**
 * Adds to `runs` the runs of bytes beyond ASCII in `bytes[from, to)`, in order: halves checked
 * natively (a loop over every byte in JavaScript cost seconds at 100 MB), bytes one by one only
 * in the few small spans that hold others. `false` when such a byte follows an escaping backslash,
 * an error its escape would hide: the file is then decoded as it is.
 */
function findBeyondAscii(bytes: Buffer, from: number, to: number, runs: Array<[number, number]>): boolean {
  if (isAscii(bytes.subarray(from, to))) return true
  if (to - from > ASCII_SPAN) {
    const middle = from + ((to - from) >>> 1)
    return findBeyondAscii(bytes, from, middle, runs) && findBeyondAscii(bytes, middle, to, runs)
  }
  for (let i = from; i < to; i++) {
    if (bytes[i]! < 0x80) continue
    const last = runs.at(-1)
    // A run cut by the halving goes on where the previous span left it.
    if (last !== undefined && last[1] === i) {
      last[1] = i + 1
      continue
    }
    let backslashes = 0
    while (bytes[i - 1 - backslashes] === 0x5c) backslashes++
    if (backslashes % 2 === 1) return false
    runs.push([i, i + 1])
  }
  return true
}

/** Bytes checked at once for characters beyond ASCII. */
const ASCII_BLOCK = 64 * 1024

/** Bytes looked at one by one once a span holds a byte beyond ASCII. */
const ASCII_SPAN = 256

/**
 * The file a `--state` path stands for: the path itself, or, when it is a symbolic link (a state
 * file kept in a dotfiles repository, say), the file the link points at, so that writes go
 * through the link and the link stays a link.
 */
export async function stateTarget(file: string): Promise<string> {
  let path = resolve(file)
  for (let hops = 0; hops < 40; hops++) {
    let link: string
    try {
      link = await readlink(path)
    } catch {
      // Not a link (or not there yet): the path is the file.
      return path
    }
    path = resolve(dirname(path), link)
  }
  throw new StateFileError(resolve(file), 'is a chain of more than 40 symbolic links')
}

/**
 * A writer killed between creating its temporary file and renaming it (a crash, SIGKILL) leaves
 * the temporary behind: the state file itself is intact, but without this every crash would add
 * a file beside it. Only temporaries of processes that are gone are removed, so a live writer's
 * file is never pulled from under it.
 */
async function removeOrphanedTemporaries(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`
  let names: string[]
  try {
    names = await readdir(dirname(path))
  } catch {
    return
  }
  for (const name of names) {
    const pid =
      name.startsWith(prefix) && name.endsWith('.tmp') ? /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length))?.[1] : undefined
    if (pid !== undefined && !isRunning(Number(pid))) await rm(join(dirname(path), name), { force: true })
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Why a parsed file is not a state snapshot, in the words a user can act on. */
function describeForeign(value: unknown): string {
  const v = value as { format?: unknown; version?: unknown } | null
  if (typeof v === 'object' && v !== null && v.format === 'docplat-mock-state' && v.version !== 1) {
    return `has state format version ${JSON.stringify(v.version)}, this docplat reads version 1`
  }
  if (typeof v === 'object' && v !== null && v.format === 'docplat-mock-state')
    return 'is a docplat mock state with missing or damaged fields'
  return 'is not a docplat mock state file (no "format": "docplat-mock-state"); refusing to overwrite it'
}

/**
 * Writes the platform's state to `file` atomically: a temporary file in the same directory,
 * flushed to disk, then renamed over the target. A crash mid-write leaves the previous file
 * intact, never a truncated one. Missing parent directories are created; a symbolic link is
 * written through (the file it points at is replaced, the link stays).
 */
export async function saveStateFile(platform: Persistable, file: string): Promise<void> {
  // Serialised in one synchronous step, so no request can change the state halfway through it.
  const text = `${JSON.stringify(platform.snapshot(), null, 2)}\n`
  await writeStateText(await stateTarget(file), text)
}

/** Atomically replaces the file at `path` (not a link: see {@link stateTarget}) with `text`. */
export async function writeStateText(path: string, text: string): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'w')
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncDirectory(dir)
}

/** Makes the rename itself durable; not every platform can open a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}

/** Options of {@link createStateSaver}. */
export interface StateSaverOptions {
  /** Called when a write fails; the next change tries again. Default: logs to stderr. */
  onError?: ((error: unknown) => void) | undefined
}

/** Saves a platform's state to a file after changes, coalescing bursts. */
export interface StateSaver {
  /** Asks for a save: starts one now, or right after the write in flight. */
  schedule(): void
  /** Resolves once every scheduled save has been written (or has failed and been reported). */
  flush(): Promise<void>
}

/**
 * Coalesces saves: at most one write is in flight, and a change made while it runs is followed by
 * exactly one more write, so the file always ends up with the state after the last change however
 * many requests arrived in between.
 */
export function createStateSaver(platform: Persistable, file: string, options: StateSaverOptions = {}): StateSaver {
  const onError = options.onError ?? ((error: unknown) => mockLog().error(`could not save state to ${resolve(file)}:`, error))
  let running: Promise<void> | undefined
  let again = false

  const run = async (): Promise<void> => {
    do {
      again = false
      try {
        await saveStateFile(platform, file)
      } catch (error) {
        onError(error)
      }
    } while (again)
    running = undefined
  }

  return {
    schedule() {
      if (running) again = true
      else running = run()
    },
    async flush() {
      while (running) await running
    },
  }
}
