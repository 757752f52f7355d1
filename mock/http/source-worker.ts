/**
 * The worker thread that reads OpenAPI sources for a Node server (mock/http/source-workers.ts):
 * one text in, its reading out, one at a time. Built as its own file (`dist/mock/source-worker.js`).
 */
import { parentPort } from 'node:worker_threads'
import type { SourceReading } from '../base/source-limits.ts'
import { parseYAMLSteps } from '../tables/libraries/yaml.ts'
import { readTextSteps, runSteps } from '../model/services/openapi-source.ts'

parentPort?.on('message', (text: string) => {
  let reading: SourceReading
  try {
    reading = runSteps(readTextSteps(text, parseYAMLSteps))
  } catch {
    // Nothing a source holds should get here; if it does, it is no document this parser reads.
    reading = { ok: false, errorCode: 'PARSE_ERROR' }
  }
  parentPort?.postMessage(reading)
})
