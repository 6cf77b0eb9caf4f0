/**
 * `npm test`: every check, in three steps, the independent ones side by side.
 * 1. the typecheck (it generates React Router's route types first);
 * 2. the linter, and the production build the browser tests run;
 * 3. Vitest and the staged Playwright suite (scripts/e2e.ts) at the same time. Neither keeps both
 *    cores busy on its own (both mostly wait: on the databases, the browser, timers), and every
 *    test is written to hold on a busy machine (`npm run test:stress` proves it), so running them
 *    together takes the time of the longer one instead of their sum.
 * The output of commands run together is prefixed with their name, line by line. Every step runs
 * whatever the one before gave (a failed lint still lets the tests tell their verdict); the script
 * ends with each command's verdict and time, and exits 1 if any failed. Arguments are not taken:
 * run `npm run test:unit` or `npm run test:e2e -- ...` for a part.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

type Command = { name: string; command: string; args: string[] };
type Result = { name: string; status: number; seconds: number };

const STEPS: Command[][] = [
  [{ name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] }],
  [
    { name: 'lint', command: 'npm', args: ['run', 'lint'] },
    { name: 'build', command: 'npm', args: ['run', 'build'] },
  ],
  [
    { name: 'unit', command: 'npm', args: ['run', 'test:unit'] },
    // `npm run test:e2e` without its build: the step before made it.
    { name: 'e2e', command: process.execPath, args: ['scripts/e2e.ts'] },
  ],
];

function run(command: Command, prefixed: boolean): Promise<Result> {
  const started = Date.now();
  const child = spawn(command.command, command.args, {
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Colours survive the pipe: the prefixed output reads as it would in a terminal.
    env: prefixed && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  if (prefixed) {
    const label = `[${command.name}] `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`${label}${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({
        name: command.name,
        status: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
  });
}

const started = Date.now();
const results: Result[] = [];
for (const step of STEPS) {
  process.stdout.write(`\n== npm test: ${step.map((command) => command.name).join(' + ')}\n`);
  results.push(...(await Promise.all(step.map((command) => run(command, step.length > 1)))));
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
process.exit(results.every((result) => result.status === 0) ? 0 : 1);
