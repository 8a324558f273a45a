// Counterpart of `dsh4j sessions stats --json FILE` with DeepSeek Harness's own code: DSH's JSONL
// backend reads the stored events (readFrom seq 0: the committed log, no crash-repair closers), and
// DSH's projection registry folds them through DSH's `sessionStats` unit (session-stats) and
// `tokenUsage` unit (token-meter). Prints one JSON line:
//   {"path","id","events","sessionStats":{turns,steps,llmMs,…},"tokenUsage":{uncachedInputTokens,…}}
// Usage: DSH_ORIGINAL=DIR node bench/originals/stats.mjs FILE   (exit 0 read, 1 refused, 2 set-up)
import { dshPackage, fail, mountLog } from './dsh-log.mjs'

const file = process.argv[2]
if (file === undefined || process.argv.length > 3) fail('usage: stats.mjs FILE')

const [{ default: SessionProjectionRegistry }, sessionStats, { default: TokenMeter }] = await Promise.all([
  dshPackage('packages/session/session-projection'),
  dshPackage('packages/session/session-stats'),
  dshPackage('packages/llm/token-meter'),
])
const { ctx, id } = await mountLog(file, [SessionProjectionRegistry, sessionStats, TokenMeter])
let events
try {
  ({ events } = await ctx.sessionPersistence.readFrom(id, 0))
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
