/**
 * Where the quote and call-request modals live (spec §2): any 'Demander un devis' or call button
 * on any page opens them through this context, optionally with a preselected service.
 */
import { createContext, type ReactNode, use, useMemo, useState } from 'react';

type ModalState = { kind: 'quote' | 'call'; service?: string } | null;

type LeadModals = {
  state: ModalState;
  openQuote: (service?: string) => void;
  openCall: (service?: string) => void;
  close: () => void;
};

const LeadModalsContext = createContext<LeadModals | null>(null);

export function LeadModalsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>(null);
  const value = useMemo<LeadModals>(
    () => ({
      state,
      openQuote: (service) => setState({ kind: 'quote', service }),
      openCall: (service) => setState({ kind: 'call', service }),
      // Closing clears the preselection (spec §2).
      close: () => setState(null),
    }),
    [state],
  );
  return <LeadModalsContext value={value}>{children}</LeadModalsContext>;
}

export function useLeadModals(): LeadModals {
  const context = use(LeadModalsContext);
  if (!context) throw new Error('useLeadModals must be used inside LeadModalsProvider');
  return context;
}
