/**
 * An email's HTML shown inside the admin: in an iframe with an empty `sandbox` (no scripts, no
 * same-origin, no forms, no top navigation), so a template, however written, can neither run code
 * in the back-office nor reach its session.
 */
import { cn } from '~/lib/cn';

export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      referrerPolicy="no-referrer"
      className={cn('h-[32rem] w-full rounded-lg border border-gray-200 bg-white', className)}
    />
  );
}
