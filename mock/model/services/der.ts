/**
 * Just enough DER (the binary encoding of X.509 certificates) to check that a certificate is
 * well-formed, read its validity and write one: tag, length, content.
 */

/** One element: its tag and where its content lies in the buffer. */
export interface DerElement {
  tag: number
  start: number
  end: number
}

export const SEQUENCE = 0x30

/** The element at `offset`, or undefined when the bytes there are not DER (BER's long forms included). */
export function readElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement | undefined {
  if (offset + 2 > limit) return undefined
  const tag = bytes[offset]!
  // Certificates only use single-byte tags.
  if ((tag & 0x1f) === 0x1f) return undefined
  let length = bytes[offset + 1]!
  let start = offset + 2
  if (length & 0x80) {
    const n = length & 0x7f
    // n = 0 is BER's indefinite length; DER also wants the shortest form of a length.
    if (n === 0 || n > 4 || start + n > limit || bytes[start] === 0) return undefined
    length = 0
    for (let i = 0; i < n; i++) length = length * 256 + bytes[start + i]!
    if (length < 0x80) return undefined
    start += n
  }
  const end = start + length
  return end <= limit ? { tag, start, end } : undefined
}

/** The elements inside a constructed element, or undefined when they do not fill it exactly. */
export function childrenOf(bytes: Uint8Array, parent: DerElement): DerElement[] | undefined {
  const out: DerElement[] = []
  for (let at = parent.start; at < parent.end; ) {
    const child = readElement(bytes, at, parent.end)
    if (!child) return undefined
    out.push(child)
    at = child.end
  }
  return out
}

/** Encodes one element from its tag and content parts. */
export function encode(tag: number, ...parts: ReadonlyArray<Uint8Array | readonly number[]>): Uint8Array {
  const content = concat(parts)
  const n = content.length
  const length =
    n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]
  return concat([[tag], length, content])
}

function concat(parts: ReadonlyArray<Uint8Array | readonly number[]>): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
