/**
 * What the load and fault scripts (bench.ts, faults.ts) send and how they look at the answers:
 * valid lead and newsletter bodies that pass the anti-spam checks, one client address per
 * submission (the per-IP limits must not be what is measured), and small statistics helpers.
 */
import { performance } from 'node:perf_hooks';

export const LEAD_KINDS = ['quote', 'call', 'contact'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Every address the scripts submit ends with this domain, so their rows are easy to find. */
export const LOAD_EMAIL_DOMAIN = 'charge.example';

/**
 * The idempotency key is written into the lead's message (the server keeps it there verbatim),
 * so that the database alone tells how many rows one key produced.
 */
export const KEY_IN_MESSAGE = /clé ([A-Za-z0-9_-]+)/;

/** A body POST /api/contact accepts: honeypot empty, form filled in more than 3 s. */
export function leadBody(kind: LeadKind, n: number, key: string): Record<string, unknown> {
  const person = {
    fullName: `Prospect Charge ${n}`,
    email: `prospect-${n}@${LOAD_EMAIL_DOMAIN}`,
    website: '',
    elapsedMs: 15_000,
  };
  switch (kind) {
    case 'quote':
      return {
        source: 'quote_request',
        ...person,
        phone: '0812345678',
        company: 'Kin Boutique',
        serviceType: 'Audit digital complet',
        details: {
          projectDescription: `Projet de test de charge, clé ${key}, pour vendre en ligne à Kinshasa.`,
          budget: '$5,500 - $16,500',
          timeline: 'Court terme (1-3 mois)',
        },
      };
    case 'call':
      return {
        source: 'call_request',
        ...person,
        serviceType: 'Conseil général',
        details: {
          callType: 'Conseil stratégique',
          preferredTime: 'Matin (8h-12h)',
          urgency: 'Sous 15 jours',
          message: `Rappel de test de charge, clé ${key}.`,
        },
      };
    case 'contact':
      return {
        source: 'website',
        ...person,
        serviceType: 'Conseil général',
        message: `Message de test de charge, clé ${key}.`,
      };
  }
}

export function newsletterBody(address: string): Record<string, unknown> {
  return { email: address, source: 'website', website: '', elapsedMs: 5_000 };
}

/** A distinct client address for the n-th submission (10.0.0.0/8: 16 million of them). */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Nearest-rank percentile of a list of numbers, 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[rank] ?? 0);
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export type Answer = {
  status: number;
  body: string;
  headers: Headers;
  ms: number;
};
export type Failure = { error: string; ms: number };

/**
 * One HTTP call that never throws: an answer, or the network error's code (ECONNREFUSED,
 * ECONNRESET, UND_ERR_SOCKET...) when there is none.
 */
export async function call(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Answer | Failure> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const body = await response.text();
    return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
  } catch (error) {
    return { error: networkErrorCode(error), ms: performance.now() - started };
  }
}

export function isAnswer(outcome: Answer | Failure): outcome is Answer {
  return 'status' in outcome;
}

function networkErrorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if ((current as Error).name === 'TimeoutError') return 'TIMEOUT';
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

export function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs?: number,
): Promise<Answer | Failure> {
  return call(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    timeoutMs,
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A check of a report: what was verified, whether it held, and the evidence. */
export type Check = { name: string; ok: boolean; detail: string };

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function checksMarkdown(checks: Check[]): string {
  return markdownTable(
    ['check', 'result', 'detail'],
    checks.map((c) => [c.name, c.ok ? 'ok' : '**FAILED**', c.detail.replace(/\|/g, '\\|')]),
  );
}

/** Counts of each value, for status codes and error codes: `{ "201": 120, "ECONNREFUSED": 3 }`. */
export function tally(values: (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
