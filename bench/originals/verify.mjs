// Counterpart of `dsh4j sessions verify FILE` with DeepSeek Harness's own code: DSH's JSONL backend
// `inspect` (the read-only path: decode, validate every record, add crash-repair closers in memory,
// commit nothing). Prints "FILE: ok, N events (M after repair)" or the backend's refusal.
// Usage: DSH_ORIGINAL=DIR node bench/originals/verify.mjs FILE   (exit 0 readable, 1 refused, 2 set-up)
import { fail, mountLog } from './dsh-log.mjs'

const file = process.argv[2]
if (file === undefined || process.argv.length > 3) fail('usage: verify.mjs FILE')

const { ctx, id } = await mountLog(file)
try {
  const inspection = await ctx.sessionPersistence.inspect(id)
  process.stdout.write(`${file}: ok, ${inspection.events.length} events\n`)
} catch (error) {
  process.stdout.write(`${file}: ${error.message}\n`)
  process.exit(1)
}
