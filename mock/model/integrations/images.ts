import { badRequest } from '../../base/http-error.ts'

/** Image types an icon or preview image may have, by the bytes they start with. */
const SIGNATURES: Array<{ type: string; test: (bytes: Uint8Array, text: string) => boolean }> = [
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (_, t) => t.startsWith('GIF87a') || t.startsWith('GIF89a') },
  { type: 'image/webp', test: (_, t) => t.startsWith('RIFF') && t.slice(8, 12) === 'WEBP' },
  { type: 'image/svg+xml', test: (_, t) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(t) },
]

function sniff(base64: string): string | undefined {
  let binary: string
  try {
    binary = atob(base64)
  } catch {
    return undefined
  }
  const bytes = Uint8Array.from(binary.slice(0, 512), (c) => c.charCodeAt(0))
  return SIGNATURES.find((s) => s.test(bytes, binary.slice(0, 512)))?.type
}

/** Checks that a base64 value holds an image of a known type (400 naming `field` otherwise). */
export function checkImage(base64: string, field: string): void {
  if (!sniff(base64)) throw badRequest(`Invalid ${field}: not a base64 PNG, JPEG, GIF, WebP or SVG image`)
}

/**
 * A stored image as a `data:` URL: the mock serves no files, and a data URL shows in an `<img>`
 * exactly like the platform's hosted copy would.
 */
export function imageUrl(base64: string): string {
  return `data:${sniff(base64) ?? 'application/octet-stream'};base64,${base64}`
}
