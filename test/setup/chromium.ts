/**
 * The browser project's global setup: finds (and, for the Chromium of `@sparticuz/chromium`,
 * unpacks) the browser once, before any file runs. The browser files run side by side, with each
 * other and with the node project's files, and the package unpacks into one fixed path in the temp
 * folder that it takes as ready once it exists: two files unpacking at once would launch a
 * half-written binary.
 */
import { chromiumPath } from '../browser/support.ts'

export default async function setup(): Promise<void> {
  await chromiumPath()
}
