import LZString from 'lz-string'

/** lz-string (loaded on first need, see ../libraries.ts): GET render requests arrive compressed with it. */
export function decompressFromEncodedURIComponent(compressed: string): string | null {
  return LZString.decompressFromEncodedURIComponent(compressed)
}
