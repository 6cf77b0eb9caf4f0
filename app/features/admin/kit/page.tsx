/**
 * The frame of an admin screen: its heading, the cards that hold its parts, the way back to a list.
 */

import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-xl border border-gray-200 bg-white p-4 shadow-sm', className)}
      {...props}
    />
  );
}

/**
 * The heading of a card holding a chart or a table (dashboard, audience): its title, whose `id`
 * names the card (aria-labelledby), then the line saying what it shows.
 */
export function CardTitle({ id, title, caption }: { id: string; title: string; caption: string }) {
  return (
    <>
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-gray-600">{caption}</p>
    </>
  );
}

/**
 * A card of the settings screen: its title (which names the card), a line saying what it is for,
 * the card's actions beside them from 640 px (a "new" button), then its content.
 */
export function SettingsCard({
  titleId,
  title,
  description,
  actions,
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/**
 * A row of a settings card's list (an account, a figure, a passkey, a device): what it is, then its
 * buttons, below it on a phone and at its right end from 640 px.
 */
export function SettingsRow({
  testId,
  className,
  children,
}: {
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className={cn('flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      {children}
    </li>
  );
}

/**
 * Shown instead of every admin screen while the signed-in admin has a step to take first (a new
 * password, a second factor): why, in an amber box, then the panel that takes it.
 */
export function RequiredStep({
  titleId,
  title,
  reason,
  className,
  children,
}: {
  titleId: string;
  title: string;
  reason: string;
  /** Its width: the panel's own. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cn('mx-auto space-y-4', className)}>
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <h1 id={titleId} className="text-lg font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm">{reason}</p>
      </div>
      {children}
    </section>
  );
}

/** A card holding one group of a form's fields, under its legend. */
export function FieldsetCard({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Card>
      <fieldset className="min-w-0">
        <legend className="mb-1 text-base font-semibold text-gray-900">{legend}</legend>
        {children}
      </fieldset>
    </Card>
  );
}

/** The way back from an item's screen to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
