import { Link } from 'react-router';
import { LegalPage, legalMeta } from '~/components/legal-page';
import { useSite } from '~/lib/site';

const PAGE = 'legal.privacy';

export const meta = legalMeta(
  PAGE,
  'Quelles données personnelles nous collectons (demandes de devis, newsletter), comment nous mesurons l’audience du site sans cookie, pourquoi, combien de temps nous gardons ces données et comment exercer vos droits.',
);

export default function Privacy() {
  const site = useSite();
  const { name, contact } = site;
  const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <LegalPage page={PAGE}>
      <p>
        {name} attache une grande importance à la protection de vos données personnelles. Cette politique
        explique quelles données nous recueillons sur ce site et dans son application installable, pourquoi
        nous les recueillons, combien de temps nous les conservons et comment exercer vos droits. Nous ne
        collectons que ce qui est nécessaire pour vous répondre et vous envoyer ce que vous avez demandé.
      </p>

      <h2>1. Responsable du traitement</h2>
      <p>
        Le responsable du traitement est {name}, agence de transformation digitale et de marketing établie à
        Kinshasa (République démocratique du Congo).
      </p>
      <ul>
        <li>Adresse postale : {contact.address}</li>
        <li>Email pour toute question sur vos données : {mail}</li>
      </ul>

      <DataWeProcess />

      <h2>3. Pourquoi nous utilisons ces données</h2>
      <ul>
        <li>
          <strong>Répondre à vos demandes et en assurer le suivi</strong> (devis, appel découverte, question)
           : ce traitement est nécessaire aux mesures précontractuelles que vous sollicitez et à notre intérêt
          légitime à suivre la relation commerciale. Vos données ne servent qu’à cela.
        </li>
        <li>
          <strong>Vous envoyer la newsletter</strong> : sur la seule base de votre consentement, que vous
          pouvez retirer à tout moment.
        </li>
        <li>
          <strong>Mesurer l’audience du site et savoir ce qui amène les demandes</strong> (pages lues, sites
          d’origine, campagnes) : sur la base de notre intérêt légitime, sans cookie ni donnée qui vous
          identifie. Vous pouvez vous y opposer avec les signaux Do Not Track ou Global Privacy Control de
          votre navigateur.
        </li>
        <li>
          <strong>Assurer la sécurité et le bon fonctionnement du site</strong> (journaux techniques,
          prévention des abus, sessions de l’équipe) : sur la base de notre intérêt légitime.
        </li>
      </ul>
      <p>
        Nous ne vendons ni ne louons vos données. Nous ne les utilisons pas pour de la publicité ciblée et
        nous ne prenons aucune décision automatisée à votre sujet.
      </p>

      <h2>4. Newsletter : double confirmation et désinscription</h2>
      <ul>
        <li>
          Après votre inscription, nous vous envoyons un email de confirmation. Le lien qu’il contient est
          valable 48 heures ; tant que vous ne l’avez pas utilisé, votre abonnement reste en attente et vous
          ne recevez aucune newsletter.
        </li>
        <li>Les inscriptions jamais confirmées sont supprimées au bout de 30 jours.</li>
        <li>
          Chaque email de la newsletter contient un lien de désinscription en un clic. Vous pouvez aussi nous
          écrire à {mail}.
        </li>
        <li>
          Sur simple demande, nous vous transmettons l’ensemble des données liées à votre abonnement (export)
          ou nous les effaçons définitivement.
        </li>
      </ul>

      <h2>5. Qui peut accéder à vos données</h2>
      <p>
        Seuls les membres de l’équipe de {name} habilités à traiter les demandes et la newsletter y ont accès.
        Nous faisons appel à des prestataires techniques qui agissent uniquement sur nos instructions :
      </p>
      <ul>
        <li>l’hébergeur du site et de sa base de données ;</li>
        <li>
          un prestataire d’envoi d’emails (SMTP), par lequel passent les emails de service : confirmation
          d’inscription, newsletter et notification interne de chaque nouvelle demande à notre équipe.
        </li>
      </ul>
      <p>
        Si l’un de ces prestataires traite des données en dehors de la RDC ou de l’Union européenne, nous
        veillons à ce que ce transfert soit encadré par des garanties appropriées. Nous ne communiquons vos
        données à aucun autre tiers, sauf obligation légale.
      </p>

      <KeepingAndRights />

      <h2>10. Cadre juridique</h2>
      <p>
        {name} étant établie en République démocratique du Congo, ses traitements de données relèvent du droit
        congolais, notamment de la loi n° 20/017 du 25 novembre 2020 relative aux télécommunications et aux
        technologies de l’information et de la communication. Pour les visiteurs qui se trouvent dans l’Union
        européenne, nous appliquons également le Règlement général sur la protection des données (RGPD,
        règlement (UE) 2016/679) ; ces visiteurs peuvent introduire une réclamation auprès de l’autorité de
        protection des données de leur pays, par exemple la CNIL en France. Nous vous invitons toutefois à
        nous contacter d’abord : nous ferons tout pour trouver une solution.
      </p>

      <h2>11. Modifications</h2>
      <p>
        Nous pouvons faire évoluer cette politique, par exemple si le site propose de nouvelles
        fonctionnalités. La date de dernière mise à jour figure en haut de cette page ; en cas de changement
        important, nous en informerons les abonnés de la newsletter.
      </p>
    </LegalPage>
  );
}

/** Section 2: what is collected, form by form, and what the site measures. */
function DataWeProcess() {
  return (
    <>
      <h2>2. Les données que nous traitons</h2>
      <h3>Demandes de devis, d’appel découverte et de contact</h3>
      <p>
        Lorsque vous remplissez l’un de ces formulaires, nous enregistrons : votre nom complet, votre adresse
        email, votre numéro de téléphone, le nom de votre entreprise, le service qui vous intéresse, votre
        budget indicatif, votre message (avec, selon le formulaire, vos délais, vos créneaux préférés et
        l’urgence de votre demande), l’origine de la demande (formulaire de devis, d’appel ou de contact) et
        sa date. Ces informations sont conservées dans la base de données de l’agence, avec l’origine de votre
        visite décrite plus bas (« Mesure d’audience ») : le site ou la campagne qui vous a amené, la première
        page et les pages vues avant l’envoi, votre type d’appareil et votre pays.
      </p>
      <h3>Newsletter</h3>
      <p>
        Si vous vous abonnez, nous enregistrons votre adresse email, votre prénom s’il est indiqué, votre
        langue, les thèmes qui vous intéressent, le statut de votre abonnement (en attente de confirmation,
        actif, désinscrit ou adresse en erreur) et la preuve de votre consentement : la date, l’adresse IP et
        le navigateur (user agent) utilisés, ainsi que le texte exact du consentement que vous avez accepté.
      </p>
      <h3>Mesure d’audience, sans cookie</h3>
      <p>
        Pour savoir quelles pages sont lues et ce qui amène nos visiteurs et nos demandes, le site mesure
        lui-même sa fréquentation, sans cookie et sans outil d’un tiers. Sur chaque page, un petit script
        envoie à notre serveur :
      </p>
      <ul>
        <li>
          l’adresse de la page lue (sans ses paramètres) et le temps pendant lequel elle est restée affichée à
          l’écran (temps d’engagement) ;
        </li>
        <li>
          le nom du site qui vous a envoyé vers nous (par exemple facebook.com ou google.com), sans l’adresse
          de la page d’où vous venez ;
        </li>
        <li>
          les étiquettes de campagne du lien que vous avez suivi (paramètres utm_source, utm_medium,
          utm_campaign, utm_content et utm_term), par exemple celles des liens de notre newsletter.
        </li>
      </ul>
      <p>
        Notre serveur y ajoute le type d’appareil (téléphone, tablette ou ordinateur), la famille du
        navigateur (Chrome, Safari, Firefox…) et le pays, qu’il déduit de la requête. Pour compter les
        visiteurs sans les suivre, il calcule aussi une clé anonyme à partir de votre adresse IP, de votre
        navigateur (user agent) et d’un secret qui change chaque jour, puis oublie l’adresse et le navigateur.
        Le secret de la veille est effacé : la clé change tous les jours, et personne, pas même nous, ne peut
        relier vos visites d’un jour à celles du lendemain ni retrouver votre adresse à partir de la clé.
      </p>
      <p>Ce que nous ne collectons pas :</p>
      <ul>
        <li>ni votre adresse IP, ni votre user agent ne sont enregistrés avec ces mesures ;</li>
        <li>
          aucun cookie n’est déposé et rien n’est enregistré sur votre appareil, sauf, dans l’onglet ouvert
          uniquement (stockage de session, effacé à sa fermeture), les détails de la visite en cours : le site
          ou la campagne d’arrivée, la première page et les pages vues. Ils ne nous parviennent qu’avec un
          formulaire que vous choisissez d’envoyer (demande de devis, d’appel ou de contact, inscription à la
          newsletter, réservation d’un appel) ;
        </li>
        <li>
          aucun suivi d’un site à l’autre et aucun tiers : les mesures sont traitées sur nos seuls serveurs.
          Le pays est déterminé sur notre serveur avec la base de géolocalisation de DB-IP, installée chez
          nous : votre adresse ne lui est jamais transmise. Source de cette base :{' '}
          <a href="https://db-ip.com">IP Geolocation by DB-IP</a>, sous licence CC BY 4.0.
        </li>
      </ul>
      <p>
        Si votre navigateur envoie le signal « Do Not Track » ou « Global Privacy Control », rien n’est
        mesuré : le script n’envoie rien, notre serveur ne compte aucune mesure portant ce signal, et aucun
        détail de visite n’est gardé dans l’onglet ni joint à vos formulaires. Les robots, les pages
        préchargées par le navigateur et les membres de notre équipe connectés ne sont pas comptés non plus.
      </p>
      <h3>Journaux techniques</h3>
      <p>
        Comme tout serveur web, le nôtre garde une trace des requêtes reçues : adresse IP, date et heure,
        adresse de la page demandée et résultat de la requête. Les éléments secrets des adresses (jetons de
        confirmation ou de désinscription, par exemple) sont masqués avant l’enregistrement.
      </p>
      <h3>Espace d’administration</h3>
      <p>
        Les membres de notre équipe qui se connectent à l’espace d’administration disposent d’un compte (nom,
        email, mot de passe stocké sous forme chiffrée de manière irréversible) et d’une session associée à
        leur adresse IP et à leur navigateur. Les visiteurs du site ne sont pas concernés.
      </p>
    </>
  );
}

/** Sections 6 to 9: how long, security, the browser’s storage, and your rights. */
function KeepingAndRights() {
  const { name, contact } = useSite();
  const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <>
      <h2>6. Combien de temps nous les conservons</h2>
      <ul>
        <li>Demandes de devis, d’appel et de contact : 3 ans après notre dernier échange avec vous.</li>
        <li>
          Newsletter : tant que vous êtes abonné ; après une désinscription, nous gardons seulement la trace
          de votre choix et de votre consentement passé, pour pouvoir le prouver, sauf si vous demandez leur
          effacement.
        </li>
        <li>Inscriptions à la newsletter non confirmées : 30 jours.</li>
        <li>Liens de confirmation d’inscription : valables 48 heures.</li>
        <li>Journaux techniques du serveur : 30 jours.</li>
        <li>
          Mesure d’audience : chaque page vue est gardée 90 jours sous la forme décrite plus haut (sans
          adresse IP ni navigateur) ; au-delà, il ne reste que des totaux par jour et par heure (nombre de
          visiteurs, de pages vues, temps d’engagement…), qui ne concernent plus personne en particulier.
        </li>
        <li>
          Détails de la visite en cours : dans l’onglet uniquement, effacés à sa fermeture ; joints à une
          demande, une inscription ou une réservation, ils sont conservés avec elle.
        </li>
        <li>
          Formulaires remplis hors connexion dans l’application : conservés uniquement sur votre appareil,
          jusqu’à leur envoi et au plus 7 jours.
        </li>
      </ul>

      <h2>7. Sécurité</h2>
      <p>
        Le site est servi en HTTPS. L’accès aux données est réservé aux membres habilités de l’équipe, les
        mots de passe sont stockés sous forme chiffrée de manière irréversible et seules des empreintes des
        jetons de session et des liens envoyés par email sont enregistrées. Aucun système n’étant infaillible,
        nous vous informerons si un incident venait à affecter vos données.
      </p>

      <h2>8. Cookies et stockage dans votre navigateur</h2>
      <p>
        Nous n’utilisons ni cookies publicitaires, ni outils de mesure d’audience de tiers, ni traceurs de
        tiers : notre propre mesure d’audience, décrite plus haut, ne dépose aucun cookie. Le détail des
        quelques éléments strictement nécessaires est donné dans notre{' '}
        <Link to="/legal/cookies">politique de cookies</Link>.
      </p>

      <h2>9. Vos droits</h2>
      <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
      <ul>
        <li>droit d’accès : savoir quelles données nous détenons sur vous et en obtenir une copie ;</li>
        <li>droit de rectification : faire corriger des données inexactes ou incomplètes ;</li>
        <li>droit à l’effacement : faire supprimer vos données ;</li>
        <li>
          droit d’opposition : vous opposer à un traitement fondé sur notre intérêt légitime, et retirer à
          tout moment votre consentement à la newsletter ;
        </li>
        <li>droit à la portabilité : recevoir vos données dans un format structuré et lisible.</li>
      </ul>
      <p>
        Pour exercer ces droits, écrivez-nous à {mail} ou par courrier à l’adresse suivante : {name},{' '}
        {contact.address}. Nous pouvons vous demander de justifier de votre identité et nous vous répondons
        dans un délai d’un mois au plus.
      </p>
    </>
  );
}
