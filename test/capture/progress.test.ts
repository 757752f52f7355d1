import { describe, expect, it } from 'vitest'
import { streamProgress } from '../../mock/node/index.ts'

function stream(isTTY: boolean) {
  const written: string[] = []
  return { written, isTTY, columns: 120, write: (text: string) => written.push(text) }
}

describe('capture progress', () => {
  it('redraws one line on a terminal, with items done, elapsed time and an estimate of what remains', () => {
    let now = 0
    const out = stream(true)
    const progress = streamProgress(out, () => now)
    progress.phase('space content', 4)
    now = 1000
    progress.tick()
    now = 2000
    progress.tick()
    expect(out.written.every((w) => w.startsWith('\r\x1b[2K'))).toBe(true)
    expect(out.written.at(-1)).toBe('\r\x1b[2Kcapture: space content 2/4 (2.0s elapsed, ~2.0s left)')
    progress.done()
    expect(out.written.at(-1)).toBe('\r\x1b[2K')
  })

  it('writes plain lines elsewhere: one per phase and one every 50 items', () => {
    let now = 0
    const out = stream(false)
    const progress = streamProgress(out, () => now)
    progress.phase('pages')
    for (let i = 0; i < 120; i++) {
      now += 10
      progress.tick()
    }
    progress.done()
    expect(out.written).toEqual([
      'capture: pages 0 (0.0s elapsed)\n',
      'capture: pages 50 (0.5s elapsed)\n',
      'capture: pages 100 (1.0s elapsed)\n',
    ])
    expect(out.written.join('')).not.toContain('\x1b')
  })
})
