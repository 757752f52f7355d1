// Written by `npm run generate` (scripts/generate-sdk.ts) from package.json's version: never edit by hand.

/** This SDK's version (the `docplat` package's). */
export const VERSION = "0.2.0"
