import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate-sdk.ts'

const files = await generate()

describe('generated SDK files', () => {
  it.each(Object.keys(files))('%s matches the contract (run `npm run generate` when this fails)', (path) => {
    const onDisk = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    expect(onDisk).toBe(files[path])
  })
})
