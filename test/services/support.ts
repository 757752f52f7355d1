import { expect } from 'vitest'
import type { APIError } from '../../src/index.ts'
import { Random } from '../../mock/core/random.ts'
import { generateCertificate } from '../../mock/model/services/certificate.ts'
import { failure } from '../helpers.ts'

/** Awaits a call expected to fail with `Class` (and a message containing `text`), and returns the error. */
export async function rejects(promise: PromiseLike<unknown>, Class: typeof APIError, text?: string): Promise<APIError> {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(Class)
  if (text !== undefined) expect(error.message).toContain(text)
  return error as APIError
}

/** A well-formed PEM certificate valid between the two instants (default: 2025 to 2030). */
export function certificate(seed = 'test', notBefore = '2025-01-01T00:00:00Z', notAfter = '2030-01-01T00:00:00Z', commonName = 'Test IdP'): string {
  return generateCertificate(new Random(seed), { commonName, notBefore: new Date(notBefore), notAfter: new Date(notAfter) })
}

/** Wraps base64 text in PEM markers. */
export const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----`
