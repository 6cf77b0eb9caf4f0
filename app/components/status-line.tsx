/**
 * The outcome of a public page's form (the newsletter's, the call booking's), in a live region
 * that is always there (so it is announced).
 */
export type Status = { tone: 'ok' | 'error'; text: string } | null;

export function StatusLine({ status }: { status: Status }) {
  return (
    <p role="status" className={status?.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-brand-800'}>
      {status?.text ?? ''}
    </p>
  );
}
