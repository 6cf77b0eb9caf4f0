/**
 * Seed content for a fresh database: services, team, blog posts, case studies, home-page figures
 * and site settings. Pure data, in French, for Lisanga Digital (Kinshasa, DR Congo).
 */

import type { PublicTeamMember } from '#common/api-types.ts';
import type { BlogCategory } from '#common/enums.ts';
import type { CaseStudyInput } from '#common/schemas/portfolio-admin.ts';

// ---------------------------------------------------------------------------------------------
// Services (four parents, in the order of the footer, each with its children)
// ---------------------------------------------------------------------------------------------
export type SeedChildService = { title: string; description: string; icon: string };
export type SeedService = SeedChildService & { children: SeedChildService[] };

export const SEED_SERVICES: SeedService[] = [
  {
    title: 'Stratégie Marketing',
    description:
      'Nous analysons votre marché, vos concurrents et vos clients pour bâtir une stratégie claire, chiffrée et adaptée au terrain congolais. Chaque recommandation est reliée à un objectif mesurable et à un budget réaliste, que vous soyez une PME de Kinshasa, une banque ou une ONG.',
    icon: 'target',
    children: [
      {
        title: 'Audit digital complet',
        description:
          'Analyse de votre site, de vos réseaux sociaux, de votre visibilité sur Google et de vos campagnes en cours. Vous recevez un rapport clair avec les priorités d’action classées par impact et par coût.',
        icon: 'search',
      },
      {
        title: 'Plan marketing sur mesure',
        description:
          'Objectifs, cibles, messages, canaux et calendrier réunis dans un plan opérationnel sur 6 ou 12 mois. Le budget est ventilé poste par poste, en dollars.',
        icon: 'lightbulb',
      },
      {
        title: 'Étude de marché et des cibles',
        description:
          'Enquêtes de terrain, entretiens et analyse des données en ligne pour comprendre vos clients à Kinshasa, Lubumbashi ou Goma. Vous décidez sur la base de faits, pas d’intuitions.',
        icon: 'users',
      },
    ],
  },
  {
    title: 'Marketing Digital',
    description:
      'Nous faisons de Facebook, Instagram, TikTok, Google et WhatsApp Business de véritables canaux d’acquisition pour votre entreprise. Nos campagnes sont pensées pour les usages mobiles en RDC et suivies chaque semaine pour maximiser votre retour sur investissement.',
    icon: 'megaphone',
    children: [
      {
        title: 'Gestion des réseaux sociaux',
        description:
          'Animation de vos pages Facebook, Instagram, TikTok et LinkedIn avec un calendrier éditorial, la modération des commentaires et un rapport mensuel.',
        icon: 'share-2',
      },
      {
        title: 'Publicité en ligne',
        description:
          'Campagnes Meta, Google et TikTok ciblées par ville, par commune et par centre d’intérêt. Chaque dollar investi est suivi jusqu’au prospect obtenu.',
        icon: 'trending-up',
      },
      {
        title: 'Référencement naturel (SEO)',
        description:
          'Optimisation technique et éditoriale de votre site pour apparaître en tête des recherches Google en RDC. Nous travaillons aussi votre fiche d’établissement pour la recherche locale.',
        icon: 'globe',
      },
      {
        title: 'WhatsApp Business et emailing',
        description:
          'Catalogue, réponses rapides, listes de diffusion et newsletters pour transformer vos conversations en ventes. Paiement par Mobile Money intégré au parcours client.',
        icon: 'message-circle',
      },
    ],
  },
  {
    title: 'Création de Contenu',
    description:
      'Des textes, des photos et des vidéos qui parlent vraiment à votre public, en français et, si besoin, en lingala ou en swahili. Notre équipe produit à Kinshasa des contenus professionnels, légers et adaptés aux forfaits mobiles de vos clients.',
    icon: 'pen-tool',
    children: [
      {
        title: 'Rédaction web et copywriting',
        description:
          'Pages de site, articles de blog, publications et scripts publicitaires rédigés pour convaincre et bien se référencer. Un ton sur mesure, fidèle à l’identité de votre marque.',
        icon: 'layout',
      },
      {
        title: 'Photographie professionnelle',
        description:
          'Séances photo produits, portraits d’équipe et reportages d’événements, en studio ou sur site.',
        icon: 'camera',
      },
      {
        title: 'Vidéo et formats courts',
        description:
          'Tournage et montage de vidéos pour TikTok, Instagram Reels et WhatsApp, du témoignage client au film institutionnel. Des formats courts, sous-titrés et optimisés pour le mobile.',
        icon: 'video',
      },
    ],
  },
  {
    title: 'Branding',
    description:
      'Nous construisons des marques crédibles et reconnaissables, capables d’inspirer confiance dans un marché exigeant. Du positionnement à la charte graphique, nous donnons à votre entreprise une identité cohérente sur tous ses supports.',
    icon: 'palette',
    children: [
      {
        title: 'Plateforme de marque',
        description:
          'Mission, valeurs, promesse, personnalité et ton de voix définis lors d’ateliers avec votre direction.',
        icon: 'sparkles',
      },
      {
        title: 'Identité visuelle',
        description:
          'Création ou modernisation de votre logo, de votre palette de couleurs et de vos typographies. Une identité lisible aussi bien sur une enseigne que sur une photo de profil WhatsApp.',
        icon: 'pen-tool',
      },
      {
        title: 'Charte graphique et supports',
        description:
          'Guide d’utilisation de la marque et modèles prêts à l’emploi : cartes de visite, présentations, visuels pour les réseaux sociaux, signalétique.',
        icon: 'briefcase',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Team (the first member is the founder)
// ---------------------------------------------------------------------------------------------
/** A member as the public sees them, before the database gives them an id, a place and a visibility. */
export type SeedTeamMember = Omit<
  PublicTeamMember,
  'id' | 'order' | 'isActive' | 'photoFocusX' | 'photoFocusY'
>;

export const SEED_TEAM: SeedTeamMember[] = [
  {
    name: 'Patrick Mbuyi Kalala',
    position: 'Fondateur et directeur général',
    bio: 'Après douze ans dans le marketing de grands groupes de télécommunications et de distribution à Kinshasa et à Johannesburg, Patrick a fondé Lisanga Digital pour mettre une expertise de haut niveau à la portée des entreprises congolaises. Il accompagne personnellement les directions générales dans leurs choix stratégiques.',
    skills: [
      'Stratégie marketing',
      'Transformation digitale',
      'Direction de projet',
      'Négociation',
      'Marchés africains',
    ],
    photoUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/patrick-mbuyi-kalala',
    twitterUrl: null,
  },
  {
    name: 'Grâce Nsimba Lukusa',
    position: 'Directrice de la stratégie',
    bio: 'Diplômée en économie de l’Université de Kinshasa et en marketing à Paris, Grâce conçoit les plans marketing et les études de marché de nos clients. Elle a notamment piloté le lancement de produits d’épargne et de Mobile Money pour des institutions financières.',
    skills: [
      'Études de marché',
      'Plans marketing',
      'Secteur bancaire',
      'Positionnement',
      'Animation d’ateliers',
    ],
    photoUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/grace-nsimba-lukusa',
    twitterUrl: null,
  },
  {
    name: 'Jonathan Ilunga Mwamba',
    position: 'Responsable marketing digital',
    bio: 'Originaire de Lubumbashi, Jonathan gère les campagnes publicitaires Meta, Google et TikTok de nos clients et en optimise chaque dollar. Certifié Google Ads et Meta Blueprint, il est aussi notre référent pour WhatsApp Business.',
    skills: ['Publicité Meta', 'Google Ads', 'TikTok Ads', 'WhatsApp Business', 'SEO', 'Growth hacking'],
    photoUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/jonathan-ilunga-mwamba',
    twitterUrl: 'https://x.com/jonathan_ilunga',
  },
  {
    name: 'Divine Mukendi Tshala',
    position: 'Directrice artistique',
    bio: 'Formée à l’Académie des Beaux-Arts de Kinshasa, Divine imagine les identités visuelles et les campagnes créatives de l’agence. Elle aime puiser dans la richesse graphique congolaise pour créer des marques modernes et profondément locales.',
    skills: ['Identité visuelle', 'Direction artistique', 'Illustration', 'Charte graphique'],
    photoUrl: null,
    linkedinUrl: null,
    twitterUrl: 'https://x.com/divine_mukendi',
  },
  {
    name: 'Christelle Kabongo Nzuzi',
    position: 'Responsable contenus et réseaux sociaux',
    bio: 'Christelle anime au quotidien les communautés de nos clients sur Facebook, Instagram et TikTok, en français comme en lingala. Ancienne journaliste radio, elle sait raconter une histoire en quelques secondes et repérer les tendances avant tout le monde.',
    skills: [
      'Community management',
      'Rédaction web',
      'Vidéo courte',
      'Calendrier éditorial',
      'Relations avec les créateurs',
    ],
    photoUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/christelle-kabongo-nzuzi',
    twitterUrl: null,
  },
  {
    name: 'Héritier Lokonda Bolamba',
    position: 'Analyste data et performance',
    bio: 'Ingénieur en informatique de gestion, Héritier construit les tableaux de bord qui permettent à nos clients de suivre leur retour sur investissement. Il mesure, teste et recommande, pour que chaque décision marketing repose sur des chiffres fiables.',
    skills: ['Google Analytics', 'Tableaux de bord', 'Tests A/B', 'Excel et Google Sheets'],
    photoUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
  },
];

// ---------------------------------------------------------------------------------------------
// Blog posts (Markdown)
// ---------------------------------------------------------------------------------------------
export type SeedPost = {
  title: string;
  slug: string;
  category: BlogCategory;
  excerpt: string;
  content: string;
  publishedAt: string;
  views: number;
};

export const SEED_POSTS: SeedPost[] = [
  {
    title: 'Plan marketing : 7 étapes pour structurer la croissance d’une PME à Kinshasa',
    slug: 'plan-marketing-7-etapes-pme-kinshasa',
    category: 'strategie_marketing',
    excerpt:
      'Publier au coup par coup ne suffit plus. Voici une méthode en sept étapes pour bâtir un plan marketing réaliste, adapté au budget d’une PME congolaise.',
    publishedAt: '2025-03-18T08:00:00.000Z',
    views: 1864,
    content: `Beaucoup de PME kinoises font du marketing *au coup par coup* : une affiche pour l’ouverture, quelques publications Facebook quand les ventes ralentissent, une promotion avant les fêtes de fin d’année. Ces actions ne sont pas inutiles, mais sans fil conducteur elles coûtent cher et rapportent peu. Un plan marketing simple, tenu en quelques pages, permet de savoir **où investir chaque dollar** et de mesurer ce qui fonctionne vraiment.

## 1. Faire l’état des lieux

Avant de prévoir quoi que ce soit, regardez la réalité en face : d’où viennent vos clients actuels ? Du bouche-à-oreille, de votre page Facebook, d’un commercial sur le terrain ? Interrogez vos dix derniers clients, relisez vos conversations WhatsApp et notez les questions qui reviennent. C’est souvent là que se cachent vos meilleurs arguments.

## 2. Choisir une cible précise

« Tout le monde à Kinshasa » n’est pas une cible. Une boulangerie de Limete, une école privée de Ngaliema et un cabinet comptable de la Gombe ne parlent pas au même public. Décrivez votre client idéal : âge, commune, revenus, canaux qu’il utilise, freins à l’achat. Plus le portrait est précis, plus vos messages seront efficaces.

## 3. Fixer des objectifs mesurables

Un bon objectif se chiffre et se date. Par exemple :

- obtenir **40 demandes de devis par mois** d’ici juin ;
- faire passer la part des commandes reçues via WhatsApp de 10 % à 30 % ;
- atteindre 5 000 abonnés qualifiés sur Instagram en six mois.

## 4. Définir votre positionnement

Pourquoi un client vous choisirait-il plutôt que votre concurrent de la même avenue ? Le prix, la qualité, la rapidité de livraison, le service après-vente, le paiement par Mobile Money ? Formulez votre promesse en une phrase et tenez-la partout : sur vos visuels, sur votre site et dans la bouche de vos vendeurs.

## 5. Sélectionner les bons canaux

En RDC, le mix gagnant combine presque toujours le numérique et le terrain :

1. **Facebook et Instagram** pour la visibilité et la publicité ciblée ;
2. **WhatsApp Business** pour la conversation et la conclusion des ventes ;
3. **TikTok** si votre cible a moins de 30 ans ;
4. les événements, salons et partenariats locaux pour la confiance.

Inutile d’être partout : deux ou trois canaux bien tenus valent mieux que six abandonnés.

## 6. Établir un budget réaliste

Pour une PME, un budget de départ de 300 à 800 $ par mois, publicité comprise, permet déjà d’obtenir des résultats mesurables. Réservez environ 60 % à la diffusion (publicités, publications sponsorisées), 30 % à la production de contenus et 10 % aux tests. Prévoyez aussi les coûts cachés : forfaits internet, carburant du groupe électrogène pendant les coupures, frais de transaction Mobile Money.

## 7. Suivre, mesurer, ajuster

Un plan marketing n’est pas gravé dans le marbre. Chaque mois, comparez vos résultats aux objectifs : coût par prospect, taux de conversion, chiffre d’affaires généré. Ce qui marche, on le renforce ; ce qui ne marche pas, on l’arrête.

> Un plan imparfait mais suivi chaque mois vaut toujours mieux qu’un plan parfait rangé dans un tiroir.

## Passer à l’action

Commencez petit : une page, trois objectifs, deux canaux. Si vous souhaitez un regard extérieur, notre équipe réalise un [audit digital complet](/services) de votre présence en ligne et vous aide à bâtir un plan adapté à votre budget. [Contactez-nous](/contact) pour un appel découverte gratuit de 30 minutes.
`,
  },
  {
    title: 'WhatsApp Business : le guide pratique pour vendre plus en RDC',
    slug: 'whatsapp-business-guide-pratique-vendre-rdc',
    category: 'marketing_digital',
    excerpt:
      'Catalogue, réponses rapides, étiquettes, paiement Mobile Money : tout ce qu’il faut configurer pour faire de WhatsApp Business un véritable canal de vente.',
    publishedAt: '2025-05-06T07:30:00.000Z',
    views: 2430,
    content: `En RDC, WhatsApp est bien plus qu’une messagerie : c’est là que l’on demande un prix, que l’on négocie et que l’on envoie la preuve de paiement Mobile Money. Pour beaucoup de commerces de Kinshasa, de Lubumbashi ou de Goma, c’est déjà le premier canal de vente, souvent sans que personne ne l’ait vraiment organisé. Voici comment passer d’un numéro personnel débordé à un véritable outil commercial.

## Passer à WhatsApp Business

L’application [WhatsApp Business](https://business.whatsapp.com) est gratuite et s’installe sur Android comme sur iPhone. Utilisez un numéro dédié à l’entreprise, jamais votre numéro personnel : le jour où un collaborateur s’en va, le numéro et l’historique des clients restent dans la société.

Complétez le **profil professionnel** avec soin :

- un nom commercial identique à celui de votre page Facebook ;
- une adresse précise avec un repère connu (« à deux minutes du rond-point Victoire ») ;
- des horaires d’ouverture réels ;
- un lien vers votre site ou votre compte Instagram.

## Créer un catalogue qui fait vendre

Le catalogue présente vos produits avec photo, prix et description. Trois règles simples :

1. des photos nettes, prises à la lumière du jour sur un fond uni ;
2. un **prix affiché**, en dollars ou en francs congolais : un client qui doit demander le prix abandonne souvent ;
3. une description courte qui répond aux questions fréquentes (taille, délai de livraison, garantie).

## Gagner du temps avec les outils intégrés

Les **réponses rapides** évitent de retaper dix fois par jour les mêmes informations : frais de livraison par commune, numéros de paiement, conditions de retour. Le **message d’accueil** répond automatiquement au premier contact, et le **message d’absence** rassure le client qui vous écrit à 22 h.

Les **étiquettes** sont sous-utilisées alors qu’elles structurent tout le suivi : « Nouveau client », « Devis envoyé », « Paiement reçu », « À relancer ». En fin de journée, filtrez l’étiquette « À relancer » : ce sont souvent des ventes presque conclues.

## Sécuriser les paiements Mobile Money

La confiance est le nerf de la guerre. Indiquez clairement vos numéros officiels de paiement (M-Pesa, Orange Money, Airtel Money) dans une réponse rapide, et demandez systématiquement la capture de la transaction. Prévenez aussi vos clients que vous ne changerez *jamais* de numéro de paiement par simple message : cela limite les arnaques par usurpation d’identité.

> Un client qui reçoit une réponse claire en moins de dix minutes achète bien plus souvent que celui qui attend une heure.

## Attirer des conversations

Un compte parfaitement configuré ne sert à rien si personne ne vous écrit. Ajoutez un bouton « Envoyer un message » sur votre page Facebook, un lien wa.me dans votre bio Instagram et TikTok, et un code QR sur vos sacs, vos factures et votre vitrine. Dans notre expérience, les publicités Meta avec l’objectif « Messages » comptent parmi les plus rentables pour les commerces locaux.

## Et quand l’activité grandit ?

Au-delà d’une certaine taille, l’application ne suffit plus : plusieurs vendeurs doivent répondre sur le même numéro, et les envois groupés sont limités. La **plateforme WhatsApp Business** (l’API) permet alors de connecter un outil de gestion partagé et d’envoyer des notifications de commande automatiques. C’est un projet à part entière, que nous accompagnons dans le cadre de nos [services de marketing digital](/services).
`,
  },
  {
    title: 'Publicité Facebook et Instagram : bien cibler Kinshasa, Lubumbashi et Goma',
    slug: 'publicite-facebook-instagram-ciblage-kinshasa-lubumbashi-goma',
    category: 'marketing_digital',
    excerpt:
      'Zones géographiques, langues, formats adaptés aux petits forfaits : nos conseils pour que chaque dollar investi en publicité Meta touche les bonnes personnes.',
    publishedAt: '2025-09-23T09:00:00.000Z',
    views: 1127,
    content: `La publicité sur Facebook et Instagram reste, pour la plupart des entreprises congolaises, le moyen le plus rapide de toucher un public qualifié. Mais entre un budget dépensé auprès de curieux qui n’achèteront jamais et une campagne qui remplit le carnet de commandes, la différence tient souvent à quelques réglages. Voici ceux que nous appliquons pour nos clients.

## Le ciblage géographique : précis, mais pas trop

Le Gestionnaire de publicités permet de cibler une ville entière ou un rayon autour d’un point. À Kinshasa, ville immense et embouteillée, un restaurant de la Gombe n’a aucun intérêt à payer pour toucher des habitants de Maluku. Nous recommandons :

- **un rayon de 5 à 10 km** autour du point de vente pour les commerces de proximité ;
- **la ville entière** pour les services livrés ou réalisés à distance ;
- **des campagnes séparées** pour Kinshasa, Lubumbashi et Goma, car les habitudes, les prix et même les heures de connexion diffèrent.

Attention toutefois : une audience trop restreinte fait grimper le coût par résultat. Si votre audience estimée descend sous quelques dizaines de milliers de personnes, élargissez.

## La langue et le ton

Le français reste la langue de la communication institutionnelle, mais une accroche en lingala à Kinshasa, ou en swahili à Lubumbashi et à Goma, crée immédiatement de la proximité. Testez les deux versions : le résultat surprend souvent. Gardez en revanche les informations pratiques (prix, adresse, contact) en français clair.

## Des formats pensés pour les petits forfaits

Une grande partie des internautes congolais naviguent avec des forfaits de données limités. Conséquences pratiques :

1. privilégiez des **vidéos courtes** (moins de 15 secondes), compressées et sous-titrées ;
2. soignez les visuels fixes : ils se chargent vite et convertissent bien ;
3. évitez de renvoyer vers un site lourd : un objectif « Messages » vers WhatsApp ou Messenger est souvent plus efficace.

## Choisir le bon objectif de campagne

L’objectif choisi conditionne tout l’algorithme de diffusion. « Notoriété » montre votre annonce au plus grand nombre, au moindre coût, mais pas forcément à des acheteurs. « Messages » ou « Prospects » oriente la diffusion vers les personnes susceptibles de vous contacter. Pour une PME, nous démarrons presque toujours par un objectif de **conversation**, puis nous construisons des audiences de reciblage à partir des personnes qui ont interagi avec la marque.

## Le budget et le rythme

Inutile de dépenser 1 000 $ dès le premier mois. Un test de 10 à 15 $ par jour pendant deux semaines, sur deux ou trois visuels différents, suffit à identifier le message gagnant. Ensuite seulement, augmentez progressivement le budget de ce qui fonctionne, par paliers d’environ 20 %, pour ne pas perturber la phase d’apprentissage de l’algorithme.

> Une campagne ne se juge pas au nombre de mentions « J’aime », mais au coût par client réellement obtenu.

## Le suivi, trop souvent oublié

Demandez à chaque nouveau client comment il vous a connu, et notez-le. Installez le pixel Meta si vous avez un site, et utilisez des liens WhatsApp différents pour chaque campagne afin de savoir laquelle génère les ventes. Sans ce suivi, impossible de savoir si vos annonces sont *vraiment* rentables.

Vous souhaitez confier vos campagnes à une équipe qui connaît le terrain ? Découvrez nos [études de cas](/portfolio) ou [demandez un devis](/contact).
`,
  },
  {
    title: 'Branding : 5 erreurs qui coûtent cher aux marques congolaises',
    slug: 'branding-5-erreurs-marques-congolaises',
    category: 'branding',
    excerpt:
      'Logo changé tous les ans, couleurs incohérentes, promesse floue : cinq erreurs de branding fréquentes en RDC, et comment les éviter sans exploser votre budget.',
    publishedAt: '2025-07-14T08:15:00.000Z',
    views: 968,
    content: `Une marque, ce n’est pas seulement un logo. C’est l’image que vos clients gardent en tête après avoir vu votre vitrine, reçu votre facture ou discuté avec votre vendeur sur WhatsApp. Dans un marché où la **confiance** se gagne difficilement, notamment face à la contrefaçon et aux arnaques en ligne, une marque forte est un véritable avantage commercial. Voici les cinq erreurs que nous rencontrons le plus souvent, à Kinshasa comme ailleurs.

## 1. Confondre logo et identité de marque

Beaucoup d’entreprises commandent un logo à la hâte, pour quelques dizaines de dollars, puis s’arrêtent là. Or un logo seul ne suffit pas : il faut aussi des couleurs, des typographies, un style de photos et un ton de voix. C’est ce qu’on appelle la **charte graphique**. Sans elle, chaque nouveau visuel semble venir d’une entreprise différente.

## 2. Changer d’image trop souvent

Nouveau responsable, nouveau logo ; nouvelle année, nouvelles couleurs. Chaque changement efface une partie de la reconnaissance accumulée. Les grands opérateurs de télécommunications présents en RDC gardent les mêmes couleurs depuis des années : c’est précisément pour cela qu’on les reconnaît de loin, sur un panneau à Matonge comme sur un kiosque à Bukavu.

> La cohérence répétée dans le temps vaut plus que la créativité renouvelée chaque trimestre.

## 3. Copier les codes des concurrents

Quand toutes les banques choisissent le bleu et toutes les boissons le rouge, adopter la même couleur revient à se fondre dans le décor. Observez votre secteur, puis cherchez un territoire visuel libre. Une coopérative agricole du Kivu n’a pas à ressembler à une multinationale : son authenticité et son ancrage local sont des atouts.

## 4. Oublier le contexte local

Un visuel peut être magnifique sur l’écran de l’agence et illisible en conditions réelles. Pensez :

- aux **impressions locales** : certains dégradés et couleurs pâles rendent mal chez les imprimeurs ;
- aux **petits écrans** : votre logo doit rester lisible en photo de profil WhatsApp ;
- aux **usages culturels** : symboles, couleurs et expressions n’ont pas la même portée à Kinshasa, dans le Haut-Katanga ou dans les Kivu ;
- aux **langues** : un nom de marque en lingala ou en swahili peut être un formidable levier de proximité, à condition d’être facile à prononcer et à écrire.

## 5. Négliger la promesse

Une marque doit répondre à une question simple : *pourquoi vous ?* Si chacun de vos collaborateurs donne une réponse différente, vos clients ne retiendront rien. Rédigez une **plateforme de marque** : mission, valeurs, promesse, personnalité, ton. Ce document d’une ou deux pages guidera vos publications, vos recrutements et même l’accueil en boutique.

## Par où commencer ?

Pas besoin d’un budget de multinationale. Une démarche progressive fonctionne très bien :

1. un atelier de positionnement d’une demi-journée avec la direction ;
2. la création ou la modernisation du logo et de la palette de couleurs ;
3. une charte graphique simple, avec des modèles prêts à l’emploi pour les réseaux sociaux ;
4. le déploiement sur les supports prioritaires : enseigne, cartes de visite, profils en ligne.

Vous voulez savoir si votre marque envoie les bons signaux ? Notre équipe [branding](/services) peut réaliser un diagnostic rapide de votre identité actuelle. [Écrivez-nous](/contact) pour en parler.
`,
  },
  {
    title: 'Growth hacking et Mobile Money : 6 tactiques testées sur le terrain',
    slug: 'growth-hacking-mobile-money-6-tactiques',
    category: 'growth_hacking',
    excerpt:
      'Parrainage récompensé en Mobile Money, offres flash sur WhatsApp, partenariats de quartier : six tactiques de croissance à petit budget, adaptées au marché congolais.',
    publishedAt: '2025-11-04T08:00:00.000Z',
    views: 1392,
    content: `Le growth hacking consiste à chercher, par l’expérimentation rapide, les leviers de croissance les moins chers et les plus efficaces. Le terme vient de la Silicon Valley, mais la logique est universelle, et le marché congolais offre des opportunités uniques, à commencer par l’usage massif du **Mobile Money**. Voici six tactiques que nous avons testées avec des clients à Kinshasa et à Lubumbashi.

## 1. Le parrainage récompensé en Mobile Money

Le bouche-à-oreille est le premier canal d’acquisition en RDC. Pourquoi ne pas le structurer ? Offrez par exemple 2 $ en Mobile Money au parrain et une réduction au filleul dès son premier achat. Le transfert est instantané, la récompense est concrète, et le coût reste souvent inférieur à celui d’un client obtenu par la publicité.

**Astuce :** attribuez à chaque client un code simple (son prénom suivi de deux chiffres) pour suivre facilement qui a recommandé qui.

## 2. Les offres flash réservées à WhatsApp

Créez une liste de diffusion ou une chaîne WhatsApp pour les clients qui le souhaitent, et publiez-y des offres limitées dans le temps : « les 20 premiers à payer avant 18 h ». L’exclusivité et l’urgence font grimper le taux de conversion, et chaque offre incite les abonnés à transférer le message à leurs proches.

## 3. Le paiement en un seul message

Chaque étape supplémentaire fait perdre des clients. Envoyez dans le même message le récapitulatif de la commande, le montant exact et le numéro Mobile Money à utiliser. Moins le client doit réfléchir, plus il paie vite. Sur un projet de vente en ligne, cette simple modification a nettement réduit le nombre de commandes abandonnées.

## 4. Les partenariats de quartier

Un salon de coiffure, une pharmacie ou une boutique de téléphonie voient passer des centaines de personnes par semaine. Proposez à des commerces complémentaires d’afficher votre code QR contre une commission sur chaque vente. C’est une forme d’affiliation locale, peu coûteuse et très efficace pour un lancement dans une nouvelle commune.

## 5. Le contenu créé par les clients

Demandez à vos clients satisfaits une courte vidéo ou une photo avec le produit, en échange d’un petit bonus. Republiées sur TikTok, sur Instagram ou dans vos statuts WhatsApp, ces preuves sociales rassurent bien plus qu’une publicité classique. Obtenez toujours l’accord écrit de la personne avant toute publication.

## 6. L’expérimentation systématique

Le cœur du growth hacking n’est pas une tactique, c’est une méthode :

1. formuler une hypothèse (« une réduction de 10 % le samedi augmentera les commandes du week-end ») ;
2. la tester sur une courte période, avec un budget limité ;
3. mesurer le résultat avec un indicateur unique ;
4. conserver, ajuster ou abandonner.

> Le but n’est pas de trouver l’idée géniale du premier coup, mais de tester plus vite que vos concurrents.

## Les limites à respecter

Croissance rapide ne veut pas dire que tout est permis. Évitez les envois massifs de messages non sollicités : WhatsApp bloque les numéros signalés, et votre réputation en souffrirait. Respectez les données personnelles de vos clients et soyez transparent sur les conditions de vos offres.

Envie de mettre en place un programme de croissance *mesurable* ? Découvrez comment nous accompagnons nos clients sur notre page [services](/services), ou [prenez rendez-vous](/contact) pour un appel découverte.
`,
  },
  {
    title: 'Mesurer le ROI de votre marketing : les indicateurs qui comptent vraiment',
    slug: 'mesurer-roi-marketing-indicateurs-cles',
    category: 'analytics',
    excerpt:
      'Mentions « J’aime », abonnés, portée : tous les chiffres ne se valent pas. Voici les indicateurs qui relient vos actions marketing à votre chiffre d’affaires.',
    publishedAt: '2026-01-20T08:30:00.000Z',
    views: 745,
    content: `« Notre page a gagné 3 000 abonnés ce mois-ci ! » C’est une bonne nouvelle, à condition que ces abonnés deviennent des clients. Trop d’entreprises congolaises pilotent encore leur marketing avec des **indicateurs de vanité** : mentions « J’aime », vues, portée. Ils flattent l’ego mais ne disent rien de la rentabilité. Voici comment mesurer ce qui compte vraiment.

## Le retour sur investissement, la seule question qui compte

Le ROI marketing se calcule simplement :

**ROI = (marge générée - coût de l’action) / coût de l’action × 100**

Si une campagne de 500 $, création et publicité comprises, génère 1 600 $ de marge brute, le ROI est de 220 %. La difficulté n’est pas le calcul, mais l'*attribution* : savoir quelles ventes proviennent réellement de la campagne.

## Les cinq indicateurs à suivre chaque mois

1. **Le coût par prospect** : combien vous coûte chaque personne qui vous contacte (message WhatsApp, formulaire, appel) ?
2. **Le taux de conversion** : sur 100 prospects, combien achètent réellement ?
3. **Le coût d’acquisition client** : le budget marketing total divisé par le nombre de nouveaux clients.
4. **Le panier moyen** : le montant moyen dépensé par commande.
5. **La valeur vie client** : ce qu’un client rapporte sur toute la durée de la relation. Pour une école, une banque ou un opérateur, elle dépasse largement le premier achat.

Un principe simple : tant que votre coût d’acquisition reste nettement inférieur à la valeur vie client, vous pouvez investir davantage.

## Les outils gratuits pour démarrer

Pas besoin d’un logiciel coûteux :

- [Google Analytics](https://analytics.google.com) pour le trafic et les conversions de votre site ;
- [Google Search Console](https://search.google.com/search-console) pour votre visibilité dans les résultats de recherche ;
- **Meta Business Suite** pour les statistiques Facebook et Instagram ;
- les statistiques de WhatsApp Business (messages envoyés, remis, lus) ;
- et surtout, un **tableur partagé** dans lequel chaque vente est notée avec sa source.

## Le défi de l’attribution en RDC

Ici, beaucoup de parcours d’achat passent hors ligne : un client voit votre publicité sur Instagram, en parle à son frère, puis passe en boutique et paie en espèces ou par Mobile Money. Pour relier ces ventes à vos actions :

- demandez systématiquement « Comment nous avez-vous connus ? » et notez la réponse ;
- utilisez des **codes promo différents** pour chaque canal ;
- créez des liens WhatsApp distincts pour chaque campagne ;
- comparez les ventes des périodes avec et sans campagne.

> Ce qui n’est pas mesuré ne peut pas être amélioré, et une mesure approximative vaut toujours mieux que pas de mesure du tout.

## Construire un tableau de bord simple

Une seule page, mise à jour chaque mois : budget dépensé par canal, prospects, nouveaux clients, chiffre d’affaires, coût d’acquisition et ROI. Partagez-la avec la direction et les équipes commerciales : la discussion change de nature quand tout le monde regarde les mêmes chiffres.

Chez Lisanga Digital, nos clients obtiennent en moyenne un ROI de 120 % sur leurs actions marketing, et chaque mission commence par la mise en place de ce suivi. Découvrez nos [résultats clients](/portfolio) ou demandez un [audit gratuit](/contact).
`,
  },
  {
    title: 'TikTok en RDC : pourquoi les marques ne peuvent plus l’ignorer',
    slug: 'tiktok-en-rdc-opportunite-pour-les-marques',
    category: 'tendances',
    excerpt:
      'Humour, musique congolaise, créateurs locaux : TikTok est devenu incontournable pour toucher les jeunes Congolais. Comment s’y lancer sans perdre l’identité de votre marque.',
    publishedAt: '2026-04-09T07:45:00.000Z',
    views: 1576,
    content: `Il y a quelques années, TikTok passait pour une application de danses pour adolescents. Aujourd’hui, à Kinshasa comme à Lubumbashi, c’est l’un des lieux où naissent les tendances et les expressions à la mode, et où les jeunes adultes découvrent de nouveaux produits. La musique congolaise y rayonne bien au-delà des frontières, et les créateurs locaux rassemblent des communautés considérables. Pour une marque qui vise les 18-35 ans, l’ignorer devient risqué.

## Pourquoi TikTok fonctionne si bien

- **L’algorithme favorise le contenu, pas la taille du compte** : une entreprise qui débute peut atteindre des dizaines de milliers de vues avec une seule bonne vidéo.
- **Le format court** s’adapte aux usages mobiles et aux temps morts de la journée, dans le bus ou dans les embouteillages.
- **L’authenticité prime** : une vidéo tournée au téléphone dans votre boutique fait souvent mieux qu’un spot télévisé.

## Ce qui marche pour les marques en RDC

D’après ce que nous observons chez nos clients, quelques formats reviennent régulièrement parmi les plus performants :

1. **les coulisses** : la préparation des commandes, la fabrication d’un produit, l’équipe au travail ;
2. **l’humour local** : des situations du quotidien kinois dans lesquelles votre audience se reconnaît ;
3. **les démonstrations** : avant/après, tutoriels, comparatifs ;
4. **les sons tendance** : reprendre un son populaire en l’adaptant à votre activité ;
5. **les réponses aux commentaires** en vidéo, qui créent une vraie conversation.

## Les erreurs à éviter

Ne recyclez pas vos spots télévisés ou vos visuels Facebook tels quels : sur TikTok, ils sont immédiatement perçus comme de la publicité et ignorés. Évitez aussi de publier une fois par mois : la régularité compte, idéalement **trois à cinq vidéos par semaine**. Enfin, ne courez pas après chaque tendance si elle n’a aucun rapport avec votre marque : votre crédibilité en pâtirait.

> Sur TikTok, on ne parle pas à ses clients comme dans un communiqué de presse : on leur parle comme à des amis.

## Travailler avec des créateurs

Les créateurs de contenu congolais ont construit une relation de confiance avec leur communauté. Une collaboration bien choisie peut faire connaître votre marque en quelques jours. Quelques conseils :

- privilégiez un créateur dont l’audience correspond à votre cible plutôt que le plus suivi ;
- laissez-lui une vraie liberté créative : il sait mieux que vous ce qui plaît à ses abonnés ;
- fixez par écrit les livrables, les délais et la rémunération ;
- mesurez les résultats avec un code promo dédié.

## Et la vente dans tout cela ?

TikTok sert surtout la notoriété et la découverte. La vente, elle, se conclut généralement ailleurs : sur WhatsApp, en boutique ou sur votre site. Placez donc un lien WhatsApp bien visible dans votre bio et invitez *explicitement* les spectateurs à vous écrire.

Vous voulez lancer votre marque sur TikTok sans improviser ? Notre pôle [création de contenu](/services) conçoit et produit des formats courts adaptés à votre audience. [Parlons-en](/contact).
`,
  },
  {
    title: 'Intelligence artificielle et marketing en RDC : les tendances à suivre',
    slug: 'intelligence-artificielle-marketing-rdc-tendances',
    category: 'tendances',
    excerpt:
      'Rédaction assistée, service client automatisé, analyse des données : ce que l’intelligence artificielle change déjà pour les entreprises congolaises, et ses limites.',
    publishedAt: '2026-10-06T08:00:00.000Z',
    views: 212,
    content: `L’intelligence artificielle générative s’est invitée dans le quotidien des équipes marketing du monde entier, et la RDC ne fait pas exception. Des PME de la Gombe aux ONG de Goma, de plus en plus d’organisations utilisent des assistants conversationnels pour rédiger, traduire ou analyser. Faut-il s’en méfier ou s’y mettre sans attendre ? Voici notre lecture des tendances, sans enthousiasme excessif ni pessimisme.

## 1. Une production de contenu accélérée

L’IA permet d’obtenir en quelques minutes une première version de publication, de script vidéo ou d’article. Pour une petite équipe, le gain de temps est réel. Mais un texte généré reste générique : il ignore les réalités de Kinshasa, les expressions qui parlent à votre public et les subtilités de votre offre.

**Notre règle :** l’IA propose un brouillon, un humain qui connaît le terrain le réécrit. Jamais l’inverse.

## 2. La traduction et le multilinguisme

Communiquer en français, en lingala, en swahili, en tshiluba ou en kikongo est un atout dans un pays aussi divers que la RDC. Les outils de traduction progressent, y compris pour les langues nationales, même si la qualité reste inégale. Ils facilitent un premier jet, mais la relecture par un locuteur natif reste indispensable avant toute diffusion.

## 3. Le service client automatisé

Des assistants connectés à WhatsApp Business peuvent désormais répondre à toute heure aux questions fréquentes : horaires, prix, suivi de commande. Pour une banque, un opérateur ou une enseigne de distribution qui reçoit des milliers de messages, c’est un levier considérable. La condition du succès : prévoir un **passage fluide vers un conseiller humain** dès que la demande se complique.

## 4. L’analyse des données

L’IA aide aussi à lire les chiffres : résumer les commentaires des clients, repérer les tendances dans les ventes, comparer les performances des campagnes. Encore faut-il disposer de données propres et structurées, ce qui reste le vrai chantier de nombreuses entreprises.

## Les points de vigilance

- **La confidentialité** : ne copiez jamais dans un outil en ligne des données personnelles de clients, des contrats ou des informations financières sensibles.
- **La fiabilité** : l’IA peut inventer des chiffres ou des faits. Vérifiez tout ce qui sera publié.
- **L’authenticité** : les internautes repèrent de plus en plus les contenus produits sans effort, et une marque qui en abuse perd en crédibilité.
- **La connectivité et les coûts** : les abonnements se paient en dollars et les outils exigent une connexion stable, ce qui n’est pas garanti partout.

> L’IA ne remplacera pas les marketeurs congolais ; mais ceux qui savent l’utiliser prendront l’avantage sur ceux qui l’ignorent.

## Comment s’y mettre concrètement

1. Identifiez deux ou trois tâches répétitives : réponses types, idées de publications, comptes rendus de réunion.
2. Testez un outil pendant un mois sur ces seules tâches.
3. Rédigez une courte charte interne : ce qui est autorisé, ce qui ne l’est pas.
4. Formez vos équipes plutôt que d’interdire ou de laisser faire.

Chez Lisanga Digital, nous intégrons ces outils là où ils apportent une vraie valeur, sans jamais renoncer à l’expertise humaine ni à la connaissance du terrain. Pour en savoir plus sur notre approche, consultez nos [services](/services) ou [contactez notre équipe](/contact).
`,
  },
];

// ---------------------------------------------------------------------------------------------
// Case studies (fictional clients)
// ---------------------------------------------------------------------------------------------
/** A case study as the admin's form gives it, without the gallery and before/after a seed leaves empty. */
export type SeedCaseStudy = Omit<CaseStudyInput, 'gallery' | 'beforeAfter'>;

export const SEED_CASE_STUDIES: SeedCaseStudy[] = [
  {
    title: 'Ouverture de comptes en ligne pour une institution de microfinance',
    clientName: 'Bomoko Microfinance',
    industry: 'Banque et microfinance',
    description:
      'Bomoko Microfinance souhaitait attirer une clientèle plus jeune à Kinshasa sans multiplier les agences. Nous avons repensé son positionnement autour de l’épargne accessible, lancé des campagnes Facebook et Instagram ciblées par commune et mis en place un parcours de préinscription via WhatsApp Business. Chaque matin, les conseillers recevaient la liste des prospects qualifiés à rappeler. En six mois, les ouvertures de comptes ont fortement progressé tandis que le coût d’acquisition baissait de près de moitié.',
    results: [
      { label: 'Ouvertures de comptes', value: '+210 %' },
      { label: 'Coût par prospect', value: '-45 %' },
      { label: 'Prospects qualifiés par mois', value: '1 400' },
      { label: 'Délai de première réponse', value: '< 2 h' },
    ],
    imageUrl: null,
  },
  {
    title: 'Lancement de la commande en ligne pour une enseigne de distribution',
    clientName: 'Mboka Market',
    industry: 'Commerce et distribution',
    description:
      'Mboka Market, enseigne de supermarchés de proximité présente à Kinshasa et à Lubumbashi, voulait permettre à ses clients de commander à distance. Nous avons conçu un catalogue WhatsApp Business, un parcours de paiement par Mobile Money et des campagnes publicitaires locales ciblant la zone de chaque magasin. Des vidéos courtes sur TikTok et Instagram ont accompagné le lancement. Trois mois plus tard, la commande en ligne était devenue un canal de vente à part entière.',
    results: [
      { label: 'Commandes en ligne par mois', value: '+320 %' },
      { label: 'Panier moyen', value: '+27 %' },
      { label: 'Paiements par Mobile Money', value: '64 %' },
      { label: 'Nouveaux abonnés Instagram', value: '+12 000' },
    ],
    imageUrl: null,
  },
  {
    title: 'Campagne de sensibilisation et de collecte de dons dans le Nord-Kivu',
    clientName: 'Fondation Nuru Kivu',
    industry: 'ONG et développement',
    description:
      'Basée à Goma, la Fondation Nuru Kivu soutient la scolarisation des enfants déplacés dans le Nord-Kivu. Nous avons harmonisé son identité visuelle, produit une série de témoignages vidéo respectueux des bénéficiaires et lancé une campagne de collecte en ligne tournée vers la diaspora congolaise. Une newsletter mensuelle rend désormais compte aux donateurs de l’utilisation des fonds, ce qui a fortement amélioré leur fidélité.',
    results: [
      { label: 'Personnes touchées', value: '850 000' },
      { label: 'Dons collectés en ligne', value: '48 500 $' },
      { label: 'Donateurs réguliers', value: '+380' },
      { label: 'Taux d’ouverture de la newsletter', value: '46 %' },
    ],
    imageUrl: null,
  },
];

// ---------------------------------------------------------------------------------------------
// Testimonials (demo content: fictional people of the fictional clients above, labelled "Démo" in
// the back-office until the agency edits or replaces them)
// ---------------------------------------------------------------------------------------------
export type SeedTestimonial = {
  quote: string;
  authorName: string;
  authorRole: string;
  company: string;
  /** The case study it tells of, by its client's name. */
  caseStudyClient: string | null;
  /** The services it speaks for, by title. */
  serviceTitles: string[];
};

export const SEED_TESTIMONIALS: SeedTestimonial[] = [
  {
    quote:
      'Nos conseillers reçoivent chaque matin des prospects déjà qualifiés. En six mois, nous avons ouvert plus de comptes qu’en deux ans d’affichage classique, pour un coût par prospect divisé par deux.',
    authorName: 'Josué Mbuyi',
    authorRole: 'Directeur commercial',
    company: 'Bomoko Microfinance',
    caseStudyClient: 'Bomoko Microfinance',
    serviceTitles: ['Publicité en ligne', 'WhatsApp Business et emailing'],
  },
  {
    quote:
      'L’équipe a compris nos magasins quartier par quartier. La commande sur WhatsApp avec paiement par Mobile Money est devenue un vrai canal de vente, et nos clients nous le disent en caisse.',
    authorName: 'Nadine Ilunga',
    authorRole: 'Responsable marketing',
    company: 'Mboka Market',
    caseStudyClient: 'Mboka Market',
    serviceTitles: ['Gestion des réseaux sociaux', 'Vidéo et formats courts'],
  },
  {
    quote:
      'Une identité enfin cohérente et des témoignages filmés avec respect pour les enfants. Nos donateurs de la diaspora savent désormais ce que devient chaque dollar, et ils restent.',
    authorName: 'Esther Kahindo',
    authorRole: 'Directrice exécutive',
    company: 'Fondation Nuru Kivu',
    caseStudyClient: 'Fondation Nuru Kivu',
    serviceTitles: ['Identité visuelle', 'Rédaction web et copywriting'],
  },
];

// ---------------------------------------------------------------------------------------------
// Client logos (demo content: the fictional clients above and three more, with no image: the site
// draws each name as a wordmark; labelled "Démo" in the back-office until the agency replaces them)
// ---------------------------------------------------------------------------------------------
export const SEED_CLIENT_LOGOS: { name: string }[] = [
  { name: 'Bomoko Microfinance' },
  { name: 'Mboka Market' },
  { name: 'Fondation Nuru Kivu' },
  { name: 'Kin Textiles' },
  { name: 'Lualaba Logistique' },
  { name: 'Matadi Express' },
];

// ---------------------------------------------------------------------------------------------
// Home-page figures (the claims of the spec, in this order)
// ---------------------------------------------------------------------------------------------
export type SeedStat = { name: string; value: number; unit: string; description: string; order: number };

export const SEED_STATS: SeedStat[] = [
  {
    name: 'Entreprises accompagnées',
    value: 7,
    unit: '+',
    description: 'PME, institutions financières et ONG accompagnées dans leur transformation digitale.',
    order: 0,
  },
  {
    name: 'Projets réalisés',
    value: 15,
    unit: '+',
    description: 'Stratégies, campagnes, identités de marque et contenus livrés à nos clients.',
    order: 1,
  },
  {
    name: 'ROI moyen',
    value: 120,
    unit: '%',
    description: 'Retour sur investissement moyen constaté sur les campagnes de nos clients.',
    order: 2,
  },
];

// ---------------------------------------------------------------------------------------------
// Site settings (category = first segment of the key)
// ---------------------------------------------------------------------------------------------
export type SeedSetting = { key: string; value: string; category: string; description: string };

export const SEED_SETTINGS: SeedSetting[] = [
  {
    key: 'site.name',
    value: 'Lisanga Digital',
    category: 'site',
    description: 'Nom de l’agence affiché dans l’en-tête, le pied de page et les emails.',
  },
  {
    key: 'site.tagline',
    value: 'Ensemble, faisons grandir votre marque',
    category: 'site',
    description: 'Slogan court affiché sous le nom de l’agence.',
  },
  {
    key: 'site.description',
    value:
      'Agence de marketing digital et de transformation numérique à Kinshasa : stratégie, réseaux sociaux, contenus et branding pour les entreprises en RDC.',
    category: 'site',
    description: 'Présentation courte du site, utilisée par défaut pour le référencement et les partages.',
  },
  {
    key: 'contact.email',
    value: 'contact@lisanga-digital.cd',
    category: 'contact',
    description: 'Adresse email publique affichée sur la page Contact et dans le pied de page.',
  },
  {
    key: 'contact.phone',
    value: '+243 81 234 5678',
    category: 'contact',
    description: 'Numéro de téléphone principal de l’agence, affiché au format international.',
  },
  {
    key: 'contact.whatsapp',
    value: '243812345678',
    category: 'contact',
    description:
      'Numéro WhatsApp Business en chiffres seulement, sans « + » ni espaces, utilisé pour les liens wa.me.',
  },
  {
    key: 'contact.address',
    value: 'Immeuble Lisanga, 3e étage, 45 boulevard du 30 Juin, Gombe, Kinshasa, RD Congo',
    category: 'contact',
    description: 'Adresse postale des bureaux, affichée sur le site et dans le pied de page des emails.',
  },
  {
    key: 'contact.hours',
    value: 'Lundi - vendredi, 8h - 18h',
    category: 'contact',
    description: 'Horaires d’ouverture communiqués aux visiteurs.',
  },
  {
    key: 'social.instagram',
    value: 'https://www.instagram.com/lisangadigital',
    category: 'social',
    description: 'Adresse du compte Instagram, affichée dans le pied de page.',
  },
  {
    key: 'social.tiktok',
    value: 'https://www.tiktok.com/@lisangadigital',
    category: 'social',
    description: 'Adresse du compte TikTok, affichée dans le pied de page.',
  },
  {
    key: 'social.linkedin',
    value: 'https://www.linkedin.com/company/lisanga-digital',
    category: 'social',
    description: 'Adresse de la page LinkedIn de l’agence.',
  },
  {
    key: 'social.facebook',
    value: 'https://www.facebook.com/lisangadigital',
    category: 'social',
    description: 'Adresse de la page Facebook de l’agence.',
  },
  {
    key: 'social.x',
    value: 'https://x.com/lisangadigital',
    category: 'social',
    description:
      'Adresse du compte X (Twitter) de l’agence, nommé dans les aperçus des pages partagées sur X. Vide : aucun compte nommé.',
  },
  {
    key: 'email.sender_name',
    value: 'Lisanga Digital',
    category: 'email',
    description: 'Nom d’expéditeur affiché dans la boîte de réception des abonnés.',
  },
  {
    key: 'email.sender_email',
    value: 'newsletter@lisanga-digital.cd',
    category: 'email',
    description: 'Adresse d’expédition des emails de la newsletter et des confirmations d’inscription.',
  },
  {
    key: 'email.notification_from',
    value: 'notifications@lisanga-digital.cd',
    category: 'email',
    description:
      'Adresse d’expédition des notifications internes (nouvelles demandes) : elles ne viennent pas de l’adresse de la newsletter.',
  },
  {
    key: 'email.notification_to',
    value: 'leads@lisanga-digital.cd',
    category: 'email',
    description:
      'Adresse interne qui reçoit une notification à chaque nouvelle demande de contact ou de devis.',
  },
  {
    key: 'email.tracking_enabled',
    value: 'true',
    category: 'email',
    description:
      'Suivi individuel des campagnes : « true » pour compter les ouvertures et les clics de chaque abonné, « false » pour ne rien enregistrer (les liens fonctionnent toujours).',
  },
  {
    key: 'booking.meeting_details',
    value:
      'Nous vous appelons au numéro que vous nous avez indiqué, ou sur WhatsApp. Sans numéro, nous vous envoyons par email un lien de visioconférence avant l’appel.',
    category: 'booking',
    description:
      'Comment se passe l’appel découverte (téléphone, WhatsApp, lien de visioconférence) : écrit dans les emails de confirmation, les rappels et l’invitation d’agenda.',
  },
  {
    key: 'seo.default_title',
    value: 'Lisanga Digital | Agence de marketing digital à Kinshasa',
    category: 'seo',
    description: 'Titre utilisé par les moteurs de recherche pour les pages qui n’en définissent pas.',
  },
  {
    key: 'seo.default_description',
    value:
      'Lisanga Digital accompagne les PME, banques et ONG de RDC : stratégie marketing, publicité sur les réseaux sociaux, création de contenu et branding.',
    category: 'seo',
    description: 'Description utilisée par les moteurs de recherche pour les pages qui n’en définissent pas.',
  },
];
