/**
 * The client logos for the back-office (docs/decisions/087-client-logos.md): every logo, hidden
 * ones too, in the public order; creation, changes, moves and deletion, each with its activity row
 * in its transaction (server/admin/ordered-items.ts). A replaced or removed logo image is released
 * by the caller once the transaction has committed (server/media/release.ts).
 */
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminClientLogo,
  ClientLogoInputSchema,
  ClientLogoPatch,
} from '#common/schemas/client-logos-admin.ts';
import { type ClientLogo, clientLogos } from '#db/schema.ts';
import { orderedItems, presentFields } from './ordered-items.ts';

/** What the back-office reads of a row, but its dates (presentFields). */
const CLIENT_LOGO_FIELDS = ['id', 'name', 'logoUrl', 'websiteUrl', 'isActive', 'isDemo', 'order'] as const;

/** The public site's order (server/content/public-content.ts), the id breaking ties. */
const CLIENT_LOGO_ORDER = [asc(clientLogos.order), asc(clientLogos.createdAt), asc(clientLogos.id)];

/** A change made by staff to the name, image or link makes a demo logo theirs: it loses its "démo" label. */
export const clientLogoItems = orderedItems<
  ClientLogo,
  z.output<typeof ClientLogoInputSchema>,
  ClientLogoPatch,
  AdminClientLogo
>({
  table: clientLogos,
  orderBy: CLIENT_LOGO_ORDER,
  lockKey: 727_100_013,
  present: (row) => presentFields(row, CLIENT_LOGO_FIELDS),
  values: (input) => ({
    name: input.name,
    logoUrl: input.logoUrl ?? null,
    websiteUrl: input.websiteUrl ?? null,
  }),
  labels: { name: 'nom', logoUrl: 'logo', websiteUrl: 'site', order: 'ordre', isActive: 'visibilité' },
  uploads: ['logoUrl'],
  demoUntilEdited: true,
  activity: {
    prefix: 'client_logo',
    created: (row) => ({
      title: `Logo de ${row.name} ajouté`,
      description: row.isActive ? 'Visible sur le site' : 'Masqué du site',
    }),
    shownOrHidden: (row) => `Logo de ${row.name} ${row.isActive ? 'affiché sur le site' : 'masqué du site'}`,
    updated: (row, _current, changedLabels) => ({
      title: `Logo de ${row.name} modifié`,
      description: changedLabels,
    }),
    moved: (row, direction) => `Logo de ${row.name} déplacé vers le ${direction}`,
    deleted: (row) => ({ title: `Logo de ${row.name} supprimé` }),
  },
});
