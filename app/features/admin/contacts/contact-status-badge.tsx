import type { ContactStatus } from '#common/enums.ts';
import { CONTACT_STATUS_LABELS } from '#common/schemas/admin.ts';
import { Badge, type BadgeTone } from '../kit/badge';

const TONES: Record<ContactStatus, BadgeTone> = { nouveau: 'blue', en_cours: 'amber', traite: 'green' };

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge tone={TONES[status]}>{CONTACT_STATUS_LABELS[status]}</Badge>;
}
