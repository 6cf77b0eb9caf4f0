/**
 * `npm test`: every check, in three steps, the independent ones side by side.
 * 1. the typecheck (it generates React Router's route types first);
 * 2. the linter, and the production build the browser tests run;
 * 3. Vitest and the staged Playwright suite (scripts/e2e.ts) at the same time. Neither keeps both
 *    cores busy on its own (both mostly wait: on the databases, the browser, timers), and every
 *    test is written to hold on a busy machine (`npm run test:stress` proves it), so running them
 *    together takes the time of the longer one instead of their sum. With `TEST_FAULTS=1` (CI sets
 *    it) the scripted faults (scripts/faults.ts, on the build of step 2) follow Vitest, which ends
 *    minutes before Playwright: they mostly wait too (an SMTP outage, restarts, a queue draining).
 * The output of commands run together is prefixed with their name, line by line. Every step runs
 * whatever the one before gave (a failed lint still lets the tests tell their verdict); the script
 * ends with each command's verdict and time, then the failed tests with the first lines of their
 * errors, and exits 1 if any command failed. Arguments are not taken: run `npm run test:unit` or
 * `npm run test:e2e -- ...` for a part.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

type Command = { name: string; command: string; args: string[]; env?: Record<string, string> };
type Result = { name: string; status: number; seconds: number; failures: Map<string, string[]> };

/**
 * The lines naming a failed test: Vitest's "FAIL  |backend| file > test" and "×" lines,
 * Playwright's "✘" and numbered "1) [project] › file" lines, and the faults' "[ 12.3 s]   FAILED"
 * ones. The end of the output repeats them, since the commands run together and the full output
 * of the first to fail may have scrolled far away (CI shows only the end of it).
 */
const FAILURE_LINE = /^\s*(FAIL\s|×\s|✘\s|\d+\) \[|\[\s*[\d.]+ s\]\s+FAILED\s)/;
/** Where a failure's error begins, within a few lines of the line naming the test. */
const ERROR_START = /^\s*(\w*Error\b|expect\()/;
/** Where the error's message ends: its source excerpt, its stack, Playwright's context or retry. */
const ERROR_END = /^\s*(>?\s*\d+ \||at\s|❯|Error Context:|Retry #|Call log:)/;
const ERROR_LINES = 12;

/**
 * The failures of a command's output, each with the first lines of its error: the message a
 * reader needs to know why (CI shows only the end of the output, where the summary is).
 */
function failureReader() {
  const failures = new Map<string, string[]>();
  let open: { lines: string[]; after: number; inError: boolean } | undefined;
  const read = (plain: string) => {
    if (FAILURE_LINE.test(plain)) {
      const name = plain.trim();
      const lines = failures.get(name) ?? [];
      failures.set(name, lines);
      open = lines.length === 0 ? { lines, after: 0, inError: false } : undefined;
    } else if (open && !open.inError) {
      open.inError = ERROR_START.test(plain);
      if (open.inError) open.lines.push(plain.trim());
      else if (++open.after > 6) open = undefined;
    } else if (open && (ERROR_END.test(plain) || open.lines.length >= ERROR_LINES)) {
      open = undefined;
    } else if (open && plain.trim() !== '') {
      open.lines.push(plain.trim());
    }
  };
  return { failures, read };
}

/**
 * Each step's lanes run side by side; a lane's commands one after the other, each whatever the one
 * before it gave.
 */
const STEPS: Command[][][] = [
  [[{ name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] }]],
  [
    [{ name: 'lint', command: 'npm', args: ['run', 'lint'] }],
    [{ name: 'build', command: 'npm', args: ['run', 'build'] }],
  ],
  [
    [
      // Two test files at once, not the three of vitest.config.ts: beside Playwright the two cores
      // are busy already, and more at once only makes every test slower (decision 065).
      { name: 'unit', command: 'npm', args: ['run', 'test:unit'], env: { VITEST_MAX_WORKERS: '2' } },
      ...(process.env.TEST_FAULTS === '1'
        ? [{ name: 'faults', command: process.execPath, args: ['scripts/faults.ts'] }]
        : []),
    ],
    // `npm run test:e2e` without its build: the step before made it.
    [{ name: 'e2e', command: process.execPath, args: ['scripts/e2e.ts'] }],
  ],
];

function run(command: Command, prefixed: boolean): Promise<Result> {
  const started = Date.now();
  const { failures, read } = failureReader();
  const child = spawn(command.command, command.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...command.env,
      // Colours survive the pipe: the output reads as it would in a terminal.
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
    },
  });
  const label = prefixed ? `[${command.name}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(`${label}${line}\n`);
      read(stripVTControlCharacters(line));
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({
        name: command.name,
        status: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
        failures,
      }),
    );
  });
}

/** A lane's commands, one after the other. */
async function runLane(lane: Command[], prefixed: boolean): Promise<Result[]> {
  const laneResults: Result[] = [];
  for (const command of lane) laneResults.push(await run(command, prefixed));
  return laneResults;
}

const started = Date.now();
const results: Result[] = [];
for (const step of STEPS) {
  const names = step.map((lane) => lane.map((command) => command.name).join(' then '));
  process.stdout.write(`\n== npm test: ${names.join(' + ')}\n`);
  const prefixed = step.flat().length > 1;
  results.push(...(await Promise.all(step.map((lane) => runLane(lane, prefixed)))).flat());
}

process.stdout.write('\nnpm test:\n');
for (const result of results) {
  process.stdout.write(
    `  ${result.name.padEnd(10)} ${String(result.seconds).padStart(5)} s  ${result.status === 0 ? 'passed' : `FAILED (exit ${result.status})`}\n`,
  );
}
process.stdout.write(
  `  ${'total'.padEnd(10)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s\n`,
);
for (const result of results.filter((result) => result.failures.size > 0)) {
  process.stdout.write(`\nFailed in ${result.name}:\n`);
  for (const [name, error] of result.failures) {
    process.stdout.write(`  ${name}\n`);
    for (const line of error) process.stdout.write(`      ${line}\n`);
  }
}
process.exit(results.every((result) => result.status === 0) ? 0 : 1);
