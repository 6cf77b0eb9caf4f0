/**
 * One Lighthouse run for `npm run perf`, simulated from the page's own CPU time (decision 125):
 * the run is gathered (`gatherMode`), the trace's main-thread tasks shrunk to their thread time
 * (withoutWaitForCore in perf-figures.ts), then audited (`auditMode`) with the same settings.
 * Lighthouse's simulation multiplies each task's duration by the CPU slowdown; as recorded on a
 * shared machine, that duration includes every moment another process held the core, which the
 * simulated phone does not have. `wallTime` audits the trace as recorded instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { withoutWaitForCore } from './perf-figures.ts';

type TraceEvents = Parameters<typeof withoutWaitForCore>[0];

export async function simulatedRun(
  url: string,
  port: number,
  settings: Omit<Flags, 'port' | 'gatherMode' | 'auditMode'>,
  { wallTime = false }: { wallTime?: boolean } = {},
) {
  if (wallTime) return lighthouse(url, { port, ...settings });
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-run-'));
  try {
    await lighthouse(url, { port, ...settings, gatherMode: run });
    const file = path.join(run, 'defaultPass.trace.json');
    const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvents };
    fs.writeFileSync(file, JSON.stringify({ ...trace, traceEvents: withoutWaitForCore(trace.traceEvents) }));
    return await lighthouse(url, { ...settings, auditMode: run });
  } finally {
    fs.rmSync(run, { recursive: true, force: true });
  }
}
