// Shared by stats.mjs and verify.mjs: loads the modules of a DeepSeek Harness (DSH) checkout built by
// bench/scripts/build-dsh.sh and mounts DSH's own JSONL session backend over one log file.
//
// Nothing of DSH is copied here: the backend, the session store, the projection registry and the units
// are DSH's built modules, imported from $DSH_ORIGINAL/dsh. DSH's backend finds a log by session id
// under its root (<root>/<project key of cwd>/<encoded id>/session.jsonl[.zstd]), so this module reads
// the header line of FILE (the first zstd frame is exactly that line), asks the backend where that
// session would live (its public `locate`), and links FILE there in a fresh temporary root. The
// backend then reads FILE through its own code path; the link and the root are removed on exit.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, openSync, readSync, closeSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createZstdDecompress } from 'node:zlib'

/** Exit code for a usage or set-up problem (the log itself was not judged). */
export const EXIT_SETUP = 2

/** Prints a message to stderr and exits with the set-up code. */
export function fail(message) {
  process.stderr.write(`dsh-original: ${message}\n`)
  process.exit(EXIT_SETUP)
}

/** The DSH checkout built under $DSH_ORIGINAL (bench/scripts/build-dsh.sh DIR). */
export function dshRoot() {
  const dir = process.env.DSH_ORIGINAL
  if (!dir) fail('DSH_ORIGINAL is not set: point it at the directory given to bench/scripts/build-dsh.sh')
  const root = resolve(dir, 'dsh')
  if (!existsSync(join(root, 'apps/cli/lib/bin.js'))) {
    fail(`${root} holds no built DSH (apps/cli/lib/bin.js is missing): run bench/scripts/build-dsh.sh ${dir}`)
  }
  return root
}

/** Imports the built entry point (lib/index.js) of one DSH workspace package, by its folder. */
export function dshPackage(folder) {
  return import(pathToFileURL(join(dshRoot(), folder, 'lib/index.js')).href)
}

const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd])
const HEADER_LIMIT = 1 << 20

function isZstd(file) {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(4)
    return readSync(fd, head, 0, 4, 0) === 4 && head.equals(ZSTD_MAGIC)
  } finally {
    closeSync(fd)
  }
}

/** The first line of a stream of text chunks, without reading further than needed. */
function firstLine(stream, file) {
  return new Promise((resolveLine, reject) => {
    const parts = []
    let size = 0
    const done = (error, line) => {
      stream.destroy()
      if (error) reject(error)
      else resolveLine(line)
    }
    stream.on('data', chunk => {
      const nl = chunk.indexOf(0x0a)
      parts.push(nl < 0 ? chunk : chunk.subarray(0, nl))
      size += chunk.length
      if (nl >= 0) done(null, Buffer.concat(parts).toString('utf8'))
      else if (size > HEADER_LIMIT) done(new Error(`${file}: no header line in the first ${HEADER_LIMIT} bytes`))
    })
    stream.on('error', error => done(new Error(`${file}: ${error.message}`)))
    stream.on('end', () => done(null, Buffer.concat(parts).toString('utf8')))
  })
}

async function readHeader(file, zstd) {
  const raw = createReadStream(file)
  const text = await firstLine(zstd ? raw.pipe(createZstdDecompress()) : raw, file)
  let header
  try {
    header = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file}: the first line is not JSON (${error.message})`)
  }
  if (header === null || typeof header !== 'object' || typeof header.id !== 'string') {
    throw new Error(`${file}: the first line is not a session header with an id`)
  }
  return header
}

/**
 * Mounts DSH's session store and JSONL backend over FILE.
 * @param file - a DSH session log, raw (.jsonl) or zstd (.jsonl.zstd), told apart by its magic bytes.
 * @param plugins - further DSH plugins to load into the same context before the backend.
 * @returns {ctx, id}: the cordis context (ctx.sessionPersistence is the backend) and the session id.
 */
export async function mountLog(file, plugins = []) {
  if (!existsSync(file)) fail(`${file}: no such file`)
  const [{ Context }, { default: SessionStore }, { default: JsonlSessionPersistence }] = await Promise.all([
    import(pathToFileURL(join(dshRoot(), 'vendor/cordis/lib/index.js')).href),
    dshPackage('packages/core/session'),
    dshPackage('packages/session/session-persistence-jsonl'),
  ])
  const zstd = isZstd(file)
  const header = await readHeader(file, zstd)
  const root = mkdtempSync(join(tmpdir(), 'dsh-original-'))
  process.on('exit', () => rmSync(root, { recursive: true, force: true }))
  const ctx = new Context()
  await ctx.plugin(SessionStore)
  for (const plugin of plugins) await ctx.plugin(plugin)
  await ctx.plugin(JsonlSessionPersistence, { root, compression: zstd ? 'zstd' : 'none' })
  const target = ctx.sessionPersistence.locate(header).path
  mkdirSync(dirname(target), { recursive: true })
  symlinkSync(resolve(file), target)
  return { ctx, id: header.id }
}
