const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A seeded generator (sfc32) for public IDs: the same seed gives the same scenario, down to the
 * IDs. Its state is part of a snapshot. Anyone who sees a few IDs can follow it, so secrets come
 * from {@link cryptoSecrets} (or, when determinism is asked for, a stream of their own).
 */
export class Random {
  #s: [number, number, number, number]

  constructor(seed: string | number | readonly number[]) {
    if (Array.isArray(seed)) {
      this.#s = [seed[0]! | 0, seed[1]! | 0, seed[2]! | 0, seed[3]! | 0]
      return
    }
    // Spread the seed's characters over 128 bits of state (cyrb128).
    const text = String(seed)
    let h1 = 1779033703,
      h2 = 3144134277,
      h3 = 1013904242,
      h4 = 2773480762
    for (let i = 0; i < text.length; i++) {
      const k = text.charCodeAt(i)
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
    }
    this.#s = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0]
    for (let i = 0; i < 12; i++) this.next()
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    let [a, b, c, d] = this.#s
    a |= 0
    b |= 0
    c |= 0
    d |= 0
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    this.#s = [a, b, c, d]
    return t >>> 0
  }

  /** An opaque alphanumeric string of the given length. */
  string(length: number): string {
    // One flat string: appending a character at a time builds a rope of `length` pieces, which
    // made every stored ID cost hundreds of bytes and slowed each comparison of it.
    const codes = new Array<number>(length)
    for (let i = 0; i < length; i++) codes[i] = ALPHABET.charCodeAt(this.next() % ALPHABET.length)
    return String.fromCharCode(...codes)
  }

  /** The generator's state, to save in a snapshot. */
  get state(): number[] {
    return [...this.#s]
  }
}

/**
 * Where secrets come from (share keys, signing secrets, tokens issued at run time): never the
 * stream of public IDs, which anyone who sees a few IDs can follow.
 */
export interface SecretSource {
  /** A secret alphanumeric string of the given length. */
  string(length: number): string
}

/**
 * Secrets from `crypto.getRandomValues` (Node, browsers and workers alike): 62 characters, each
 * drawn without bias by rejecting the bytes above the largest multiple of 62.
 */
export const cryptoSecrets: SecretSource = {
  string(length: number): string {
    const codes: number[] = []
    const limit = 256 - (256 % ALPHABET.length)
    while (codes.length < length) {
      for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
        if (byte < limit && codes.length < length) codes.push(ALPHABET.charCodeAt(byte % ALPHABET.length))
      }
    }
    return String.fromCharCode(...codes)
  },
}
