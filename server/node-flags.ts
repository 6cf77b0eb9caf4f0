/**
 * The V8 flags the production server runs with (docs/decisions/123-young-generation.md): a young
 * generation of 64 MB from the start. With V8's default, a burst of leads made every scavenge
 * (about every 120 ms) find three times as much still alive, pause the thread 10–15 ms and copy
 * most of it to the old generation; the flag costs 57 MB more at rest and takes about a sixth off
 * the CPU of a lead.
 *
 * Node refuses these flags in NODE_OPTIONS, so every command that starts the server names them:
 * package.json's start scripts, the Dockerfile, the measurement scripts and the browser tests'
 * servers (tests/source/node-flags.test.ts checks that they agree).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=64'];
