import { Link } from 'react-router';
import { STORAGE_KEYS } from '#common/constants.ts';
import { LegalPage, legalMeta } from '~/components/legal-page';
import { VISIT_KEY } from '~/lib/audience/visit';
import { useSite } from '~/lib/site';

const PAGE = 'legal.cookies';

export const meta = legalMeta(
  PAGE,
  'Aucun cookie publicitaire ni de mesure d’audience : la liste complète des cookies et du stockage du navigateur strictement nécessaires au site et à son application.',
);

/** One cookie or storage entry, as a card: a table would overflow on a phone. */
function Entry({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <div className="mt-4 rounded-xl border border-gray-200 p-5">
      <h3>{title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-900">{label}</dt>
            <dd className="mb-2 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function Cookies() {
  const { name, contact } = useSite();
  return (
    <LegalPage page={PAGE}>
      <p>
        Un cookie est un petit fichier déposé dans votre navigateur par un site. Les navigateurs offrent aussi
        d’autres espaces de stockage (stockage local, base IndexedDB, cache) que les applications web
        utilisent pour fonctionner. Cette page les recense tous pour le site de {name} et son application
        installable.
      </p>

      <h2>1. Notre principe : le strict nécessaire</h2>
      <ul>
        <li>aucun cookie publicitaire ;</li>
        <li>
          aucun outil de mesure d’audience de tiers : notre propre mesure, décrite dans la politique de
          confidentialité, ne dépose aucun cookie ;
        </li>
        <li>aucun traceur de tiers : ni pixel publicitaire, ni bouton ou widget de réseau social intégré.</li>
      </ul>
      <p>
        Les seuls éléments utilisés sont strictement nécessaires au fonctionnement du site ou à un service que
        vous avez demandé. C’est pourquoi nous ne vous demandons pas de consentement et n’affichons pas de
        bandeau de cookies.
      </p>

      <h2>2. Le cookie utilisé</h2>
      <Entry
        title="Cookie de session de l’espace d’administration"
        rows={[
          [
            'Qui est concerné',
            'Uniquement les membres de l’équipe qui se connectent à l’espace d’administration.',
          ],
          ['À quoi il sert', 'Garder la personne connectée de manière sécurisée entre deux pages.'],
          [
            'Contenu',
            'Un identifiant aléatoire, inaccessible aux scripts de la page (HttpOnly) ; le serveur n’en conserve qu’une empreinte.',
          ],
          ['Durée', 'Supprimé à la déconnexion ; la session expire aussi automatiquement.'],
        ]}
      />
      <p>Les visiteurs du site public ne reçoivent aucun cookie.</p>

      <h2>3. Le stockage de l’application installable</h2>
      <p>
        Lorsque vous utilisez le site comme une application (installée ou non), votre navigateur conserve
        quelques informations sur votre appareil. Elles ne nous sont pas transmises, à l’exception des
        formulaires que vous envoyez vous-même.
      </p>
      <Entry
        title="Stockage local"
        rows={[
          [
            `Clé « ${STORAGE_KEYS.installPrompted} »`,
            'La date à laquelle la proposition d’installer l’application vous a été présentée pour la dernière fois, afin de ne pas vous la reproposer avant 7 jours.',
          ],
          [
            `Clé « ${STORAGE_KEYS.installed} »`,
            'La valeur « true » une fois l’application installée, afin de ne plus vous la proposer.',
          ],
        ]}
      />
      <Entry
        title="Stockage de session de l’onglet"
        rows={[
          [
            `Clé « ${VISIT_KEY} »`,
            'Les détails de la visite en cours : le site ou la campagne d’arrivée, la première page et les pages vues. Ils ne nous sont envoyés qu’avec un formulaire que vous envoyez, pour savoir ce qui vous a amené, et jamais si votre navigateur demande à ne pas être suivi (Do Not Track, Global Privacy Control).',
          ],
          [
            'Clés « viewed:… »',
            'Les articles du blog déjà comptés comme lus dans cet onglet, pour qu’une même lecture ne soit comptée qu’une fois.',
          ],
          [
            'Clés « prefetch:… »',
            'La liste des services, les chiffres clés et l’équipe, chargés une fois, pour afficher les pages suivantes plus vite.',
          ],
          [
            'Clé « update-snoozed-until »',
            'L’heure jusqu’à laquelle ne plus vous proposer la mise à jour de l’application, si vous avez choisi « Plus tard ».',
          ],
          [
            'Clés « offline-retry:… »',
            'L’heure du dernier rechargement automatique d’une page hors connexion, pour ne pas recharger sans fin.',
          ],
          ['Durée', 'Effacé à la fermeture de l’onglet.'],
        ]}
      />
      <Entry
        title="Base IndexedDB"
        rows={[
          [
            'Contenu',
            'Les formulaires que vous remplissez sans connexion (demande de devis, de rappel ou de contact), pour les envoyer automatiquement dès que la connexion revient.',
          ],
          [
            'Durée',
            'Supprimés dès leur envoi, et au plus tard au bout de 7 jours s’ils n’ont pas pu partir.',
          ],
        ]}
      />
      <Entry
        title="Cache du service worker"
        rows={[
          [
            'Contenu',
            'Les pages déjà consultées et les fichiers du site (styles, scripts, icônes), pour vous permettre de les relire hors connexion et d’afficher le site plus vite.',
          ],
          ['Durée', 'Renouvelé à chaque mise à jour du site ; supprimé si vous effacez les données du site.'],
        ]}
      />

      <h2>4. Liens vers d’autres services</h2>
      <p>
        Les liens vers WhatsApp, Instagram, TikTok ou LinkedIn sont de simples liens : aucun contenu de ces
        services n’est chargé sur nos pages. Si vous les suivez, vous quittez notre site et la politique de
        cookies du service concerné s’applique.
      </p>

      <h2>5. Comment supprimer ces données</h2>
      <p>
        Vous pouvez à tout moment effacer les cookies et les données du site depuis les réglages de votre
        navigateur (rubrique « Confidentialité » ou « Données des sites »), ou désinstaller l’application.
        Conséquences : les membres de l’équipe devront se reconnecter, les pages ne seront plus disponibles
        hors connexion jusqu’à votre prochaine visite, et les formulaires en attente d’envoi seront perdus.
      </p>

      <h2>6. Questions</h2>
      <p>
        Pour toute question, écrivez-nous à <a href={`mailto:${contact.email}`}>{contact.email}</a>. Le
        traitement de vos données personnelles est décrit dans notre{' '}
        <Link to="/legal/privacy">politique de confidentialité</Link>.
      </p>
    </LegalPage>
  );
}
