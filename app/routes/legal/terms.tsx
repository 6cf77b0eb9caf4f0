import { Link } from 'react-router';
import { LegalPage, legalMeta } from '~/components/legal-page';
import { useSite } from '~/lib/site';

const PAGE = 'legal.terms';

export const meta = legalMeta(
  PAGE,
  'Les règles d’utilisation du site et de l’application : éditeur, accès, demandes de devis, newsletter, propriété intellectuelle, responsabilité et droit applicable.',
);

export default function Terms() {
  const { name, publicUrl, contact } = useSite();
  const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <LegalPage page={PAGE}>
      <p>
        Les présentes conditions encadrent l’utilisation du site {publicUrl} et de son application installable
        (ensemble, « le site »). En naviguant sur le site, vous les acceptez.
      </p>

      <h2>1. Éditeur du site</h2>
      <p>Le site est édité par {name}, agence de transformation digitale et de marketing.</p>
      <ul>
        <li>Adresse : {contact.address}</li>
        <li>Email : {mail}</li>
        {contact.phone ? <li>Téléphone : {contact.phone}</li> : null}
      </ul>

      <h2>2. Accès au site</h2>
      <p>
        Le site et son application sont accessibles gratuitement et sans inscription. Seul l’espace
        d’administration est réservé aux membres de notre équipe disposant d’un compte ; toute tentative d’y
        accéder sans autorisation est interdite.
      </p>
      <p>
        Nous faisons notre possible pour que le site reste disponible, mais il peut être interrompu, notamment
        pour maintenance ou en cas de panne du réseau. Les coûts de connexion à Internet restent à votre
        charge.
      </p>

      <h2>3. Informations publiées</h2>
      <p>
        Les descriptions de nos services, nos études de cas et nos articles de blog sont fournis à titre
        d’information générale. Ils ne constituent ni une offre ferme, ni un conseil personnalisé. Les
        résultats présentés dans notre portfolio ont été obtenus pour des clients précis, dans un contexte
        donné : ils ne garantissent pas des résultats identiques pour un autre projet.
      </p>

      <h2>4. Demandes de devis et d’appel découverte</h2>
      <p>
        Les devis et les appels découverte sont gratuits et sans engagement. Nous nous engageons à revenir
        vers vous sous 24 heures. Une prestation n’est due qu’après acceptation écrite d’un devis ou signature
        d’un contrat, qui précisent alors le contenu, les délais et le prix de la mission.
      </p>
      <p>
        Vous vous engagez à fournir des informations exactes et à ne pas utiliser nos formulaires pour envoyer
        des messages abusifs, publicitaires ou automatisés. Nous pouvons ignorer toute demande manifestement
        abusive.
      </p>

      <h2>5. Newsletter</h2>
      <p>
        L’abonnement à la newsletter est gratuit. Il n’est activé qu’après confirmation de votre adresse
        email, et chaque envoi contient un lien de désinscription en un clic. Le traitement de vos données est
        décrit dans notre <Link to="/legal/privacy">politique de confidentialité</Link>.
      </p>

      <h2>6. Propriété intellectuelle</h2>
      <p>
        Les textes, visuels, logos, vidéos et articles du site appartiennent à {name} ou sont utilisés avec
        l’autorisation de leurs auteurs. Vous pouvez partager un lien vers nos pages ou citer un court extrait
        d’un article en mentionnant sa source ; toute autre reproduction nécessite notre accord écrit. Les
        noms et marques des clients cités appartiennent à leurs titulaires respectifs.
      </p>

      <h2>7. Liens vers d’autres sites</h2>
      <p>
        Le site contient des liens vers des services tiers (WhatsApp, Instagram, TikTok, LinkedIn, X). Ils
        s’ouvrent dans un nouvel onglet et sont soumis aux conditions et aux politiques de confidentialité de
        ces services, sur lesquels nous n’avons aucun contrôle. Une conversation que vous engagez avec nous
        sur WhatsApp est notamment régie par les conditions de WhatsApp.
      </p>

      <h2>8. Responsabilité</h2>
      <p>
        Nous veillons à l’exactitude des informations publiées et les mettons à jour régulièrement, sans
        pouvoir garantir qu’elles soient exemptes d’erreurs. Nous ne saurions être tenus responsables d’un
        dommage indirect résultant de l’utilisation du site ou de l’impossibilité d’y accéder. Il vous
        appartient de protéger votre appareil et vos données contre les virus et les intrusions.
      </p>

      <h2>9. Données personnelles et cookies</h2>
      <p>
        Nous ne collectons que les données nécessaires pour répondre à vos demandes et vous envoyer la
        newsletter, et nous n’utilisons aucun cookie publicitaire ni outil de mesure d’audience. Pour en
        savoir plus, consultez notre <Link to="/legal/privacy">politique de confidentialité</Link> et notre{' '}
        <Link to="/legal/cookies">politique de cookies</Link>.
      </p>

      <h2>10. Droit applicable et litiges</h2>
      <p>
        Les présentes conditions sont régies par le droit de la République démocratique du Congo. En cas de
        différend, nous vous invitons à nous contacter d’abord afin de rechercher une solution amiable. À
        défaut, les juridictions compétentes de Kinshasa seront saisies, sans préjudice des règles impératives
        protégeant les consommateurs dans leur pays de résidence.
      </p>

      <h2>11. Modifications</h2>
      <p>
        Nous pouvons modifier ces conditions pour tenir compte de l’évolution du site ou de la réglementation.
        La version en vigueur est celle publiée sur cette page, avec sa date de dernière mise à jour.
      </p>

      <h2>12. Contact</h2>
      <p>
        Pour toute question sur ces conditions, écrivez-nous à {mail} ou rendez-vous sur notre{' '}
        <Link to="/contact">page de contact</Link>.
      </p>
    </LegalPage>
  );
}
