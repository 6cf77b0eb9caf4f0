/**
 * The client logos screen (docs/decisions/087-client-logos.md): every logo, hidden ones too, in
 * the order of the public row "Ils nous font confiance". Per logo: move up/down, show/hide on the
 * site, edit (with a preview, grey and in colour), delete (confirmed). Seeded examples say "Démo"
 * until the agency edits them.
 */
import { useQuery } from '@tanstack/react-query';
import { ClientLogoMark } from '~/components/client-logo';
import { Badge } from '../kit/badge';
import { OrderedItemsScreen } from '../kit/ordered-items-screen';
import { ClientLogoForm } from './client-logo-form';
import {
  adminClientLogosQuery,
  deleteClientLogoMutation,
  moveClientLogoMutation,
  saveClientLogoMutation,
  toggleClientLogoMutation,
} from './data';

export function ClientLogosScreen() {
  return (
    <OrderedItemsScreen
      list={useQuery(adminClientLogosQuery)}
      title="Logos clients"
      description="La rangée « Ils nous font confiance » de la page d’accueil et de la page À propos, dans cet ordre."
      addLabel="Ajouter un logo"
      listLabel="Logos clients"
      rowHeight="h-[9.5rem] md:h-[4.5rem]"
      empty={{
        title: 'Aucun logo pour le moment.',
        children: 'Sans logo visible, le site n’affiche pas la rangée « Ils nous font confiance ».',
      }}
      row={{
        testId: 'client-logo-row',
        name: (logo) => logo.name,
        mutations: { move: moveClientLogoMutation, toggle: toggleClientLogoMutation },
        content: (logo, index) => (
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1">
            <ClientLogoMark logo={logo} index={index} className="w-40 shrink-0" />
            <p className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="font-semibold text-gray-900">{logo.name}</span>
              {logo.isActive ? null : <Badge tone="gray">Masqué</Badge>}
              {logo.isDemo ? <Badge tone="amber">Démo</Badge> : null}
              {logo.websiteUrl ? (
                <span className="w-full truncate text-sm text-gray-600">{logo.websiteUrl}</span>
              ) : null}
            </p>
          </div>
        ),
      }}
      form={{
        component: ClientLogoForm,
        editTitle: 'Modifier le logo',
        newDescription: 'Il apparaît dans la rangée « Ils nous font confiance ».',
        save: { mutation: saveClientLogoMutation, fallback: 'Le logo n’a pas pu être enregistré.' },
      }}
      remove={{
        mutation: deleteClientLogoMutation,
        title: (logo) => <>Supprimer le logo de {logo?.name} ?</>,
        warning:
          'Le logo et son image seront supprimés définitivement. Pour ne plus l’afficher sans rien perdre, masquez-le plutôt.',
      }}
    />
  );
}
