/**
 * A button that opens the quote or call modal, preselecting a service if given. It carries its
 * intent as attributes instead of an onClick: it works in server-rendered markup that is never
 * hydrated (lead-modals-store.ts, installLeadTriggers).
 */
import { Button, type ButtonProps } from '~/components/ui/button';
import { type LeadKind, leadAttributes } from '~/lib/lead-trigger';

export type LeadButtonProps = Omit<ButtonProps, 'asChild' | 'type'> & { lead: LeadKind; service?: string };

export function LeadButton({ lead, service, ...props }: LeadButtonProps) {
  return <Button type="button" {...leadAttributes(lead, service)} {...props} />;
}
