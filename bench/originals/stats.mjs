// Counterpart of `dsh4j sessions stats --json FILE` with DeepSeek Harness's own code: DSH's JSONL
// backend reads the log as DSH does when it opens a stored session (`inspect`: the same cold
// preparation as a resume, which adds crash-repair closers in memory and commits nothing), and DSH's
// projection registry folds those events through DSH's `sessionStats` unit (session-stats) and
// `tokenUsage` unit (token-meter), as it does to serve a session's stats. With --read-from the events
// come from the backend's `readFrom(id, 0)` instead (the committed log only, each event deep-copied: the
// path of the projection cache's suffix replay), which costs more. Prints one JSON line:
//   {"path","id","events","sessionStats":{turns,steps,llmMs,…},"tokenUsage":{uncachedInputTokens,…}}
// Usage: DSH_ORIGINAL=DIR node bench/originals/stats.mjs [--read-from] FILE
//   (exit 0 read, 1 refused, 2 set-up)
import { dshPackage, fail, mountLog } from './dsh-log.mjs'

const args = process.argv.slice(2)
const readFrom = args[0] === '--read-from'
if (readFrom) args.shift()
const file = args[0]
if (file === undefined || args.length > 1) fail('usage: stats.mjs [--read-from] FILE')

const [{ default: SessionProjectionRegistry }, sessionStats, { default: TokenMeter }] = await Promise.all([
  dshPackage('packages/session/session-projection'),
  dshPackage('packages/session/session-stats'),
  dshPackage('packages/llm/token-meter'),
])
const { ctx, id } = await mountLog(file, [SessionProjectionRegistry, sessionStats, TokenMeter])
let events
try {
  ({ events } = readFrom ? await ctx.sessionPersistence.readFrom(id, 0) : await ctx.sessionPersistence.inspect(id))
} catch (error) {
  process.stderr.write(`${file}: ${error.message}\n`)
  process.exit(1)
}
// The registry folds a unit lazily over `session.events` on first read; it needs nothing else of a session.
const log = { events, seq: events.length }
const stats = ctx.sessionProjections.stateOf(log, 'sessionStats')
const tokens = ctx.sessionProjections.stateOf(log, 'tokenUsage')
if (stats === undefined || tokens === undefined) fail('DSH registered no sessionStats or tokenUsage unit')
const { turns, steps, llmMs, toolMs, ttftMs, ttftSteps, decodeMs, decodeTokens } = stats
process.stdout.write(JSON.stringify({
  path: file,
  id,
  events: events.length,
  sessionStats: { turns, steps, llmMs, toolMs, ttftMs, ttftSteps, decodeMs, decodeTokens },
  tokenUsage: tokens.totals,
}) + '\n')
