import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generatedFiles } from '../../scripts/generate-sdk.ts'

describe('generated SDK files', () => {
  it.each(Object.keys(generatedFiles))('%s matches the contract (run `npm run generate` when this fails)', (path) => {
    const onDisk = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    expect(onDisk).toBe(generatedFiles[path])
  })
})
