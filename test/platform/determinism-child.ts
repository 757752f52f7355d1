// Run as its own process by determinism.test.ts: builds the demo from scratch (no scenario
// cache is shared between processes) and prints every answer of the crawl as JSON.
import { crawl, demoAtFixedTime, reader } from './crawl.ts'

const platform = await demoAtFixedTime()
process.stdout.write(JSON.stringify(await crawl(reader(platform))))
