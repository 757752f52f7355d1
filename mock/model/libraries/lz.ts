/** lz-string (loaded on first need, see ../libraries.ts): render requests arrive compressed with it. */
export { default as LZString } from 'lz-string'
