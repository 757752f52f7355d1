/**
 * lz-string's `compressToEncodedURIComponent`, the one function of it the SDK needs (the render
 * request of `renderWithGet` travels compressed in the URL). Written here rather than depended on,
 * so an SDK install adds no package; `test/sdk/render-request.test.ts` checks it gives lz-string's
 * output byte for byte, and the mock decompresses with lz-string itself.
 */

const URI_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$'
const BITS_PER_CHAR = 6

/** Collects bits, lowest first within each value, into 6-bit characters of the URI-safe alphabet. */
class BitWriter {
  readonly #out: string[] = []
  #value = 0
  #position = 0

  /** Writes `count` bits of `value`, least significant first. */
  write(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      this.#value = (this.#value << 1) | (value & 1)
      value >>= 1
      if (this.#position === BITS_PER_CHAR - 1) {
        this.#position = 0
        this.#out.push(URI_SAFE.charAt(this.#value))
        this.#value = 0
      } else {
        this.#position++
      }
    }
  }

  /** Pads the last character with zero bits. */
  finish(): string {
    for (;;) {
      this.#value <<= 1
      if (this.#position === BITS_PER_CHAR - 1) {
        this.#out.push(URI_SAFE.charAt(this.#value))
        break
      }
      this.#position++
    }
    return this.#out.join('')
  }
}

/**
 * Compresses text as lz-string's `compressToEncodedURIComponent` does (LZW over UTF-16 code units,
 * written in URL-safe characters), so any lz-string decompresses it.
 */
export function compressToEncodedURIComponent(input: string): string {
  const dictionary = new Map<string, number>()
  const toCreate = new Set<string>()
  const bits = new BitWriter()
  let w = ''
  // The first entry does not count towards widening the codes (as in lz-string).
  let enlargeIn = 2
  let dictSize = 3
  let numBits = 2

  const shrinkWindow = () => {
    enlargeIn--
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits
      numBits++
    }
  }

  // Emits the code of `w`: a new character first defines itself (8 or 16 bits), a known string its index.
  const emit = (phrase: string) => {
    if (toCreate.has(phrase)) {
      const code = phrase.charCodeAt(0)
      if (code < 256) {
        bits.write(0, numBits)
        bits.write(code, 8)
      } else {
        bits.write(1, numBits)
        bits.write(code, 16)
      }
      shrinkWindow()
      toCreate.delete(phrase)
    } else {
      bits.write(dictionary.get(phrase)!, numBits)
    }
    shrinkWindow()
  }

  for (let i = 0; i < input.length; i++) {
    const c = input.charAt(i)
    if (!dictionary.has(c)) {
      dictionary.set(c, dictSize++)
      toCreate.add(c)
    }
    const wc = w + c
    if (dictionary.has(wc)) {
      w = wc
      continue
    }
    emit(w)
    dictionary.set(wc, dictSize++)
    w = c
  }
  if (w !== '') emit(w)
  // End of stream.
  bits.write(2, numBits)
  return bits.finish()
}
