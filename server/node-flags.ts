/**
 * The V8 flags the production server runs with (docs/decisions/123-young-generation.md): a young
 * generation of 64 MB from the start. With V8's default (1 MB, grown on demand) a burst of leads
 * collected the young generation every ~120 ms for 10–15 ms each time, and what was still in
 * flight was copied to the old generation; this costs 57 MB more at rest and takes about a sixth
 * off the CPU of a lead.
 *
 * Node refuses these flags in NODE_OPTIONS, so every command that starts the server names them:
 * package.json's start scripts, the Dockerfile, the measurement scripts and the browser tests'
 * servers (tests/source/node-flags.test.ts checks that they agree).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=64'];
