/**
 * Seed email templates (MJML with Mustache placeholders), in French, for Lisanga Digital.
 * `{{name}}` is HTML-escaped, `{{{name}}}` is inserted raw, `{{#name}}…{{/name}}` renders only
 * when `name` is set and `{{^name}}…{{/name}}` only when it is not.
 *
 * Every template is one layout (mjmlEmail): the agency's fonts, colours and button, a green
 * banner, the white card of the message and a small-print footer; each template gives its lines.
 * The campaign composer (server/campaigns/compose.ts) writes its emails in the same layout.
 */
export type SeedEmailTemplate = {
  key: string;
  name: string;
  subject: string;
  mjml: string;
  variablesJson: { name: string; description: string; example?: string }[];
};

type Variable = SeedEmailTemplate['variablesJson'][number];

// ---- the layout ----------------------------------------------------------------------------------

/** A section of the body: one column of MJML lines. */
export function section(attributes: string, lines: string[]): string {
  return [
    `    <mj-section ${attributes}>`,
    '      <mj-column>',
    ...lines.map((line) => `        ${line}`),
    '      </mj-column>',
    '    </mj-section>',
  ].join('\n');
}

const BANNER_NAME =
  '<mj-text align="center" color="#ffffff" font-size="22px" font-weight="bold">Lisanga Digital</mj-text>';

/** The green banner at the top: the agency's name, and what follows it. */
export const banner = (lines: string[] = [BANNER_NAME], padding = '20px 0') =>
  section(`background-color="#15803d" padding="${padding}"`, lines);

/** The white card that holds the message. */
export const card = (lines: string[], padding = '28px 0') =>
  section(`background-color="#ffffff" padding="${padding}"`, lines);

/** The small print under the card. */
export const footer = (lines: string[]) => section('padding="16px 0"', lines.map(footnote));

function footnote(text: string) {
  return `<mj-text align="center" font-size="12px" color="#6b7280">${text}</mj-text>`;
}

export function mjmlEmail({
  title,
  preview,
  attributes = [],
  head = [],
  sections,
}: {
  title: string;
  preview: string;
  /** Default attributes beside the text's and the button's. */
  attributes?: string[];
  /** More of the head, after the attributes (a style sheet). */
  head?: string[];
  sections: string[];
}): string {
  return [
    '<mjml>',
    '  <mj-head>',
    `    <mj-title>${title}</mj-title>`,
    `    <mj-preview>${preview}</mj-preview>`,
    '    <mj-attributes>',
    '      <mj-all font-family="Helvetica, Arial, sans-serif" />',
    '      <mj-text color="#1f2937" font-size="16px" line-height="1.6" padding="8px 24px" />',
    ...attributes.map((attribute) => `      ${attribute}`),
    '      <mj-button background-color="#15803d" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="14px 28px" />',
    '    </mj-attributes>',
    ...head,
    '  </mj-head>',
    '  <mj-body background-color="#f4f7f5">',
    ...sections,
    '  </mj-body>',
    '</mjml>',
    '',
  ].join('\n');
}

// ---- the lines they share ------------------------------------------------------------------------

const GREETING = '<mj-text>Bonjour{{#firstName}} {{firstName}}{{/firstName}},</mj-text>';
/**
 * The answers to a sign-up go to an address nobody has confirmed yet: they carry no text typed by
 * whoever asked, the first name included (server/newsletter/newsletter.ts never passes it).
 */
const ANONYMOUS_GREETING = '<mj-text>Bonjour,</mj-text>';

const button = (href: string, label: string, padding = '20px 24px') =>
  `<mj-button href="${href}" padding="${padding}">${label}</mj-button>`;

const smallPrint = (text: string) => `<mj-text font-size="14px" color="#4b5563">${text}</mj-text>`;

/** The link of the button written out, for a mail client that shows no button. */
const linkWrittenOut = (validity: string, variable: string) =>
  smallPrint(
    `Ce lien est valable ${validity}. Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br /><a href="{{${variable}}}" style="color:#15803d; word-break:break-all;">{{${variable}}}</a>`,
  );

const signOff = (words: string, padding = '16px 24px 8px 24px') =>
  `<mj-text padding="${padding}">${words},<br />L’équipe Lisanga Digital</mj-text>`;

/** The end of an email sending a new preferences link: its button, the link written out, sign-off. */
const NEW_MANAGE_LINK_END = [
  button('{{manageUrl}}', 'Gérer mes préférences'),
  linkWrittenOut('90 jours', 'manageUrl'),
  smallPrint('Vous n’avez rien demandé ? Ignorez simplement cet email : votre abonnement ne change pas.'),
  signOff('À très bientôt'),
];

export const ADDRESS = 'Lisanga Digital · {{companyAddress}}';
const MANAGE_LINK = '<a href="{{manageUrl}}" style="color:#15803d;">Gérer mes préférences</a>';
const UNSUBSCRIBE_LINK = '<a href="{{unsubscribeUrl}}" style="color:#15803d;">Se désinscrire</a>';
export const SUBSCRIBER_LINKS = `${MANAGE_LINK} · ${UNSUBSCRIBE_LINK}`;
export const WHY_THIS_EMAIL =
  'Vous recevez cet email car vous êtes abonné à la newsletter de Lisanga Digital.';

// ---- the variables they share --------------------------------------------------------------------

const FIRST_NAME: Variable = {
  name: 'firstName',
  description: 'Prénom de l’abonné, s’il l’a indiqué (facultatif)',
  example: 'Grâce',
};
const SITE_URL: Variable = {
  name: 'siteUrl',
  description: 'Adresse du site (PUBLIC_URL), sans barre finale',
  example: 'https://lisanga-digital.cd',
};
const COMPANY_ADDRESS: Variable = {
  name: 'companyAddress',
  description: 'Adresse postale de l’agence, affichée dans le pied de page',
  example: 'Immeuble Lisanga, 3e étage, 45 boulevard du 30 Juin, Gombe, Kinshasa, RD Congo',
};
const MANAGE_URL: Variable = {
  name: 'manageUrl',
  description: 'Lien vers la page de gestion des préférences de l’abonné',
  example: 'https://lisanga-digital.cd/newsletter/manage?token=b81d05c3',
};
/** The link of the emails that answer a request for a new preferences link. */
const NEW_MANAGE_URL: Variable = {
  name: 'manageUrl',
  description: 'Nouveau lien vers la page de gestion des préférences, valable 90 jours',
  example: 'https://lisanga-digital.cd/newsletter/manage?token=b81d05c3',
};
const UNSUBSCRIBE_URL: Variable = {
  name: 'unsubscribeUrl',
  description: 'Lien de désinscription en un clic',
  example: 'https://lisanga-digital.cd/newsletter/unsubscribe?token=e27a9f14',
};

const CALL_FIRST_NAME: Variable = {
  name: 'firstName',
  description: 'Prénom du visiteur (le premier mot du nom indiqué)',
  example: 'Jean-Pierre',
};
const CALL_WHEN: Variable = {
  name: 'when',
  description: 'Date et heure de l’appel, à l’heure du visiteur',
  example: 'jeudi 3 décembre à 11:00 (heure de Paris)',
};
const CALL_KINSHASA: Variable = {
  name: 'kinshasa',
  description: 'L’heure de Kinshasa quand elle diffère de celle du visiteur (sinon vide)',
  example: '10:00 à Kinshasa',
};
const CALL_WITH: Variable = {
  name: 'withName',
  description: 'Le membre de l’équipe qui mène l’appel',
  example: 'Nadine Mbuyi, Lisanga Digital',
};
const CALL_MEETING_DETAILS: Variable = {
  name: 'meetingDetails',
  description: 'Comment se passe l’appel (réglage « Déroulement de l’appel »)',
  example: 'Nous vous appelons au numéro que vous nous avez indiqué, ou sur WhatsApp.',
};
const CALL_MANAGE_URL: Variable = {
  name: 'manageUrl',
  description: 'Lien personnel pour déplacer ou annuler l’appel, valable jusqu’à son début',
  example: 'https://lisanga-digital.cd/appel-decouverte?token=3c1f0a9e',
};

/**
 * The subject of the visitor's confirmation: a moved call has its own. The former subject, the same
 * for both, is in FORMER_TEMPLATE_SUBJECTS.
 */
const CALL_CONFIRMATION_SUBJECT =
  '{{#moved}}Votre appel découverte est déplacé au {{when}}{{/moved}}{{^moved}}Votre appel découverte : {{when}}{{/moved}}';

/**
 * Subjects the seed once gave its templates, since changed: at start, a template still holding its
 * former subject gets the current one and its variables (server/seed.ts); a subject the staff
 * edited is left as they wrote it.
 */
export const FORMER_TEMPLATE_SUBJECTS: { key: string; former: string }[] = [
  { key: 'call_confirmation', former: 'Votre appel découverte : {{when}}' },
];

/** An email whose button opens the call's booking page (docs/decisions/077-call-booking.md). */
function bookingLinkTemplate(t: {
  key: string;
  name: string;
  subject: string;
  heading: string;
  preview: string;
  intro: string;
  after: string;
}): SeedEmailTemplate {
  return {
    key: t.key,
    name: t.name,
    subject: t.subject,
    mjml: mjmlEmail({
      title: t.heading,
      preview: t.preview,
      sections: [
        banner(),
        card([
          `<mj-text font-size="22px" font-weight="bold">${t.heading}</mj-text>`,
          GREETING,
          `<mj-text>${t.intro}</mj-text>`,
          button('{{bookingUrl}}', 'Choisir mon créneau'),
          linkWrittenOut('14 jours', 'bookingUrl'),
          smallPrint(t.after),
          signOff('À très bientôt'),
        ]),
        footer([ADDRESS]),
      ],
    }),
    variablesJson: [
      CALL_FIRST_NAME,
      {
        name: 'bookingUrl',
        description: 'Lien personnel vers la page de choix du créneau, valable 14 jours',
        example: 'https://lisanga-digital.cd/appel-decouverte?token=3c1f0a9e',
      },
      COMPANY_ADDRESS,
    ],
  };
}

// ---- the templates -------------------------------------------------------------------------------

export const SEED_EMAIL_TEMPLATES: SeedEmailTemplate[] = [
  {
    key: 'newsletter_confirmation',
    name: 'Confirmation d’inscription à la newsletter',
    subject: 'Confirmez votre inscription à la newsletter Lisanga Digital',
    mjml: mjmlEmail({
      title: 'Confirmez votre inscription',
      preview: 'Un dernier clic pour recevoir nos conseils marketing.',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Confirmez votre inscription</mj-text>',
          ANONYMOUS_GREETING,
          '<mj-text>Merci de votre intérêt pour la newsletter de Lisanga Digital. Pour commencer à recevoir nos conseils en marketing digital, confirmez votre adresse email en cliquant sur le bouton ci-dessous.</mj-text>',
          button('{{confirmUrl}}', 'Je confirme mon inscription'),
          linkWrittenOut('48 h', 'confirmUrl'),
          smallPrint(
            'Pourquoi cette étape ? Elle garantit que personne ne peut vous inscrire à votre insu et que nos emails arrivent bien dans votre boîte de réception.',
          ),
          smallPrint(
            'Vous n’avez pas demandé cette inscription ? Ignorez simplement cet email : vous ne recevrez aucun autre message de notre part.',
          ),
          signOff('À très bientôt'),
        ]),
        footer([ADDRESS, SUBSCRIBER_LINKS]),
      ],
    }),
    variablesJson: [
      {
        name: 'confirmUrl',
        description: 'Lien de confirmation de l’inscription, valable 48 h',
        example: 'https://lisanga-digital.cd/newsletter/confirm?token=4f9c2a7e',
      },
      COMPANY_ADDRESS,
      MANAGE_URL,
      UNSUBSCRIBE_URL,
    ],
  },
  {
    key: 'newsletter_manage_link',
    name: 'Nouveau lien de gestion des préférences',
    subject: 'Votre lien pour gérer votre newsletter Lisanga Digital',
    mjml: mjmlEmail({
      title: 'Gérez vos préférences',
      preview: 'Le lien demandé pour gérer votre abonnement.',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Gérez vos préférences</mj-text>',
          GREETING,
          '<mj-text>Vous avez demandé un nouveau lien pour gérer votre abonnement à notre newsletter : thèmes, prénom, téléchargement ou suppression de vos données.</mj-text>',
          ...NEW_MANAGE_LINK_END,
        ]),
        footer([ADDRESS, UNSUBSCRIBE_LINK]),
      ],
    }),
    variablesJson: [
      {
        name: 'firstName',
        description: 'Prénom de l’abonné, vide tant que son adresse n’est pas confirmée',
        example: 'Grâce',
      },
      NEW_MANAGE_URL,
      COMPANY_ADDRESS,
      UNSUBSCRIBE_URL,
    ],
  },
  {
    key: 'newsletter_already_subscribed',
    name: 'Inscription à la newsletter : adresse déjà inscrite',
    subject: 'Vous êtes déjà inscrit(e) à la newsletter Lisanga Digital',
    mjml: mjmlEmail({
      title: 'Vous êtes déjà inscrit(e)',
      preview: 'Votre adresse reçoit déjà notre newsletter : vous n’avez rien à faire.',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Vous êtes déjà inscrit(e)</mj-text>',
          ANONYMOUS_GREETING,
          '<mj-text>Quelqu’un, vous peut-être, vient de demander l’inscription de cette adresse à la newsletter de Lisanga Digital. Elle y est déjà inscrite : vous n’avez rien à faire, vous continuerez à recevoir nos conseils en marketing digital.</mj-text>',
          '<mj-text>Pour choisir vos thèmes, télécharger ou supprimer vos données, ouvrez vos préférences.</mj-text>',
          ...NEW_MANAGE_LINK_END,
        ]),
        footer([ADDRESS, UNSUBSCRIBE_LINK]),
      ],
    }),
    variablesJson: [NEW_MANAGE_URL, COMPANY_ADDRESS, UNSUBSCRIBE_URL],
  },
  {
    key: 'newsletter_welcome',
    name: 'Bienvenue dans la newsletter',
    subject: 'Bienvenue chez Lisanga Digital{{#firstName}}, {{firstName}}{{/firstName}} !',
    mjml: mjmlEmail({
      title: 'Bienvenue dans la newsletter Lisanga Digital',
      preview: 'Votre inscription est confirmée : voici ce qui vous attend chaque mois.',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Bienvenue parmi nous !</mj-text>',
          GREETING,
          '<mj-text>Votre inscription est confirmée. Merci de votre confiance ! Une fois par mois, et jamais plus, vous recevrez :</mj-text>',
          `<mj-text padding="0 24px 0 40px">
          <ul style="margin:0; padding:0;">
            <li>des conseils pratiques pour développer votre activité sur Facebook, Instagram, TikTok et WhatsApp Business ;</li>
            <li>nos analyses des tendances du marketing digital en RDC ;</li>
            <li>nos dernières études de cas et les résultats obtenus par nos clients ;</li>
            <li>les invitations à nos ateliers et webinaires gratuits.</li>
          </ul>
        </mj-text>`,
          '<mj-text>En attendant notre prochain numéro, découvrez les articles les plus lus de notre blog.</mj-text>',
          button('{{siteUrl}}/blog', 'Lire le blog'),
          smallPrint(
            'Vous pouvez à tout moment choisir les sujets qui vous intéressent ou vous désinscrire grâce aux liens en bas de cet email.',
          ),
          signOff('Bonne lecture'),
        ]),
        footer([ADDRESS, SUBSCRIBER_LINKS]),
      ],
    }),
    variablesJson: [FIRST_NAME, SITE_URL, COMPANY_ADDRESS, MANAGE_URL, UNSUBSCRIBE_URL],
  },
  {
    key: 'lead_notification',
    name: 'Notification interne : nouveau contact',
    subject: 'Nouveau contact : {{fullName}}{{#company}} ({{company}}){{/company}}',
    mjml: mjmlEmail({
      title: 'Nouveau contact',
      preview: '{{fullName}} s’intéresse à : {{serviceInterest}}',
      attributes: ['<mj-table color="#1f2937" font-size="15px" line-height="1.5" padding="8px 24px" />'],
      sections: [
        banner(
          [
            '<mj-text align="center" color="#ffffff" font-size="18px" font-weight="bold">Lisanga Digital · Nouveau contact</mj-text>',
          ],
          '16px 0',
        ),
        card(
          [
            '<mj-text font-size="20px" font-weight="bold">{{fullName}} vient de nous contacter</mj-text>',
            '<mj-text>Une nouvelle demande est arrivée par le site. Pensez à répondre sous 24 h, comme nous le promettons à nos visiteurs.</mj-text>',
            `<mj-table>
          <tr><td style="padding:4px 0; width:40%; color:#6b7280;">Nom</td><td style="padding:4px 0;">{{fullName}}</td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Email</td><td style="padding:4px 0;"><a href="mailto:{{email}}" style="color:#15803d;">{{email}}</a></td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Téléphone</td><td style="padding:4px 0;">{{#phone}}{{phone}}{{/phone}}{{^phone}}Non fourni{{/phone}}</td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Entreprise</td><td style="padding:4px 0;">{{#company}}{{company}}{{/company}}{{^company}}Non précisée{{/company}}</td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Service souhaité</td><td style="padding:4px 0;">{{serviceInterest}}</td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Budget</td><td style="padding:4px 0;">{{#budget}}{{budget}}{{/budget}}{{^budget}}Non indiqué{{/budget}}</td></tr>
          <tr><td style="padding:4px 0; color:#6b7280;">Origine</td><td style="padding:4px 0;">{{source}}</td></tr>
        </mj-table>`,
            '<mj-text font-weight="bold" padding="16px 24px 4px 24px">Message</mj-text>',
            '<mj-text><div style="white-space:pre-line; background-color:#f4f7f5; border-left:4px solid #15803d; padding:12px 16px;">{{{messageHtml}}}</div></mj-text>',
            button('{{adminUrl}}', 'Voir le contact'),
          ],
          '24px 0',
        ),
        footer([
          'Notification automatique envoyée par le site de Lisanga Digital. Ne transférez pas cet email en dehors de l’équipe : il contient des données personnelles.',
        ]),
      ],
    }),
    variablesJson: [
      {
        name: 'fullName',
        description: 'Nom complet de la personne qui nous contacte',
        example: 'Jean-Pierre Kasongo',
      },
      { name: 'email', description: 'Adresse email du contact', example: 'jp.kasongo@exemple.cd' },
      {
        name: 'phone',
        description: 'Numéro de téléphone du contact (facultatif)',
        example: '+243 99 876 5432',
      },
      {
        name: 'company',
        description: 'Entreprise ou organisation du contact (facultatif)',
        example: 'Kasongo Logistique SARL',
      },
      {
        name: 'serviceInterest',
        description: 'Service qui intéresse le contact',
        example: 'Audit digital complet',
      },
      {
        name: 'budget',
        description: 'Budget indicatif choisi dans le formulaire (facultatif)',
        example: '$5,500 - $16,500',
      },
      {
        name: 'source',
        description: 'Origine de la demande (devis, appel découverte, contact)',
        example: 'quote_request',
      },
      {
        name: 'messageHtml',
        description:
          'Message complet du contact, déjà échappé, retours à la ligne en <br> (triple accolades)',
        example:
          'Nous souhaitons lancer notre boutique en ligne à Lubumbashi et développer nos ventes sur WhatsApp.',
      },
      {
        name: 'adminUrl',
        description: 'Lien vers la fiche du contact dans l’espace d’administration',
        example: 'https://lisanga-digital.cd/admin/contacts',
      },
    ],
  },
  {
    key: 'content_announcement',
    name: 'Annonce de nouveau contenu',
    subject: 'Nouveau sur notre site : {{contentTitle}}',
    mjml: mjmlEmail({
      title: '{{contentTitle}}',
      preview: '{{contentExcerpt}}',
      sections: [
        banner(),
        card([
          GREETING,
          '<mj-text>Nous venons de publier un nouveau contenu qui devrait vous intéresser :</mj-text>',
          '<mj-text font-size="22px" font-weight="bold" color="#15803d" padding="16px 24px 8px 24px">{{contentTitle}}</mj-text>',
          '<mj-text>{{contentExcerpt}}</mj-text>',
          '<mj-text>{{#publications.1}}<ul style="margin:0; padding:0 0 0 20px;">{{#publications}}<li style="margin:0 0 6px 0;"><a href="{{url}}" style="color:#15803d;">{{title}}</a></li>{{/publications}}</ul>{{/publications.1}}</mj-text>',
          button('{{contentUrl}}', 'Lire la suite'),
          signOff('Bonne lecture'),
        ]),
        section('background-color="#ecfdf3" padding="20px 0"', [
          '<mj-text font-size="15px">Un projet en tête ? Stratégie, publicité en ligne, contenus ou branding : notre équipe vous répond sous 24 h.</mj-text>',
          '<mj-button href="{{siteUrl}}/contact" background-color="#ffffff" color="#15803d" border="2px solid #15803d" padding="8px 24px 12px 24px">Demander un devis gratuit</mj-button>',
        ]),
        footer([WHY_THIS_EMAIL, ADDRESS, SUBSCRIBER_LINKS]),
      ],
    }),
    variablesJson: [
      FIRST_NAME,
      {
        name: 'contentTitle',
        description: 'Titre de l’article ou de l’étude de cas publié',
        example: 'WhatsApp Business : le guide pratique pour vendre plus en RDC',
      },
      {
        name: 'contentExcerpt',
        description: 'Résumé court du contenu (une ou deux phrases)',
        example:
          'Catalogue, réponses rapides, étiquettes, paiement Mobile Money : tout ce qu’il faut configurer pour faire de WhatsApp Business un véritable canal de vente.',
      },
      {
        name: 'publications',
        description:
          'Liste des publications annoncées (titre et lien), remplie à l’envoi ; affichée seulement quand il y en a plusieurs',
      },
      {
        name: 'contentUrl',
        description: 'Lien vers le contenu sur le site',
        example: 'https://lisanga-digital.cd/blog/whatsapp-business-guide-pratique-vendre-rdc',
      },
      SITE_URL,
      COMPANY_ADDRESS,
      MANAGE_URL,
      UNSUBSCRIBE_URL,
    ],
  },
  {
    key: 'monthly_newsletter',
    name: 'Newsletter mensuelle',
    subject: 'Les actus marketing du mois par Lisanga Digital',
    mjml: mjmlEmail({
      title: 'La newsletter mensuelle de Lisanga Digital',
      preview: 'Nos conseils, analyses et nouveautés du mois pour développer votre activité en RDC.',
      head: [
        '    <mj-style>',
        '      .content a { color: #15803d; }',
        '      .content h2 { font-size: 20px; color: #15803d; margin: 24px 0 8px 0; }',
        '      .content img { max-width: 100%; height: auto; }',
        '    </mj-style>',
      ],
      sections: [
        banner([
          BANNER_NAME,
          '<mj-text align="center" color="#dcfce7" font-size="14px" padding="0 24px">La newsletter du marketing digital en RDC</mj-text>',
        ]),
        card([
          GREETING,
          '<mj-text css-class="content">{{{contentHtml}}}</mj-text>',
          '<mj-divider border-color="#e5e7eb" border-width="1px" padding="24px 24px 8px 24px" />',
          '<mj-text>Vous souhaitez faire le point sur votre stratégie ? Réservez un appel découverte gratuit de 30 minutes avec notre équipe.</mj-text>',
          button('{{siteUrl}}/contact', 'Planifier un appel', '16px 24px'),
          signOff('Au mois prochain', '8px 24px'),
        ]),
        footer([WHY_THIS_EMAIL, ADDRESS, SUBSCRIBER_LINKS]),
      ],
    }),
    variablesJson: [
      FIRST_NAME,
      {
        name: 'contentHtml',
        description: 'Contenu HTML du numéro, inséré tel quel sans échappement (triples accolades)',
        example:
          '<h2>TikTok en RDC : pourquoi les marques ne peuvent plus l’ignorer</h2><p>Nos conseils pour lancer votre marque sur TikTok sans improviser.</p>',
      },
      SITE_URL,
      COMPANY_ADDRESS,
      MANAGE_URL,
      UNSUBSCRIBE_URL,
    ],
  },
  // ---- the discovery call (docs/decisions/077-call-booking.md) ----------------------------------
  bookingLinkTemplate({
    key: 'call_request_received',
    name: 'Appel découverte : demande reçue, choix du créneau',
    subject: 'Votre demande d’appel découverte est bien reçue',
    heading: 'Votre demande d’appel est bien reçue',
    preview: 'Choisissez dès maintenant l’heure de votre appel découverte.',
    intro:
      'Merci de votre intérêt pour Lisanga Digital. Choisissez dès maintenant l’heure de votre appel découverte gratuit de 30 minutes : les créneaux libres de notre équipe sont affichés à l’heure de votre appareil.',
    after:
      'Aucun créneau ne vous convient ? Ne faites rien : nous vous recontactons sous 24 h pour fixer l’heure de l’appel avec vous.',
  }),
  bookingLinkTemplate({
    key: 'call_booking_invitation',
    name: 'Appel découverte : proposé par l’équipe, choix du créneau',
    subject: 'Choisissez l’heure de votre appel découverte avec Lisanga Digital',
    heading: 'Parlons de votre projet',
    preview: 'Un appel gratuit de 30 minutes, à l’heure qui vous convient.',
    intro:
      'Merci de votre intérêt pour Lisanga Digital. Nous vous proposons un appel découverte gratuit de 30 minutes, sans engagement. Choisissez l’heure qui vous convient parmi les créneaux libres de notre équipe, affichés à l’heure de votre appareil.',
    after: 'Une question avant l’appel ? Répondez simplement à cet email.',
  }),
  {
    key: 'call_confirmation',
    name: 'Appel découverte : confirmation au visiteur',
    subject: CALL_CONFIRMATION_SUBJECT,
    mjml: mjmlEmail({
      title: '{{headline}}',
      preview: 'Votre appel découverte avec Lisanga Digital : {{when}}',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">{{headline}}</mj-text>',
          GREETING,
          '<mj-text>Votre appel découverte gratuit de 30 minutes avec {{withName}} aura lieu le :</mj-text>',
          '<mj-text font-size="18px" font-weight="bold" color="#15803d">{{when}}{{#kinshasa}}<br /><span style="font-size:15px; color:#4b5563; font-weight:normal;">soit {{kinshasa}}</span>{{/kinshasa}}</mj-text>',
          '<mj-text>{{meetingDetails}}</mj-text>',
          '<mj-text>L’invitation jointe ajoute l’appel à votre agenda. Nous vous enverrons un rappel la veille et une heure avant.</mj-text>',
          button('{{manageUrl}}', 'Déplacer ou annuler', '16px 24px'),
          linkWrittenOut('jusqu’au début de l’appel', 'manageUrl'),
          signOff('À très bientôt'),
        ]),
        footer([ADDRESS]),
      ],
    }),
    variablesJson: [
      CALL_FIRST_NAME,
      {
        name: 'headline',
        description: 'Titre de l’email : « Votre appel est réservé » ou « Votre appel a été déplacé »',
        example: 'Votre appel est réservé',
      },
      {
        name: 'moved',
        description: 'Vrai quand l’appel a été déplacé : l’objet de l’email le dit',
      },
      CALL_WHEN,
      CALL_KINSHASA,
      CALL_WITH,
      CALL_MEETING_DETAILS,
      CALL_MANAGE_URL,
      COMPANY_ADDRESS,
    ],
  },
  {
    key: 'call_cancellation',
    name: 'Appel découverte : confirmation d’annulation au visiteur',
    subject: 'Votre appel découverte du {{when}} est annulé',
    mjml: mjmlEmail({
      title: 'Votre appel est annulé',
      preview: 'Vous pouvez choisir un autre créneau quand vous le souhaitez.',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Votre appel est annulé</mj-text>',
          GREETING,
          '<mj-text>{{#byStaff}}Nous devons malheureusement annuler votre appel découverte du {{when}}. Toutes nos excuses.{{/byStaff}}{{^byStaff}}Votre appel découverte du {{when}} est bien annulé.{{/byStaff}} L’invitation jointe le retire de votre agenda.</mj-text>',
          '<mj-text>{{#byStaff}}Choisissez un autre créneau quand vous le voulez : nous serons ravis d’échanger avec vous.{{/byStaff}}{{^byStaff}}Vous souhaitez tout de même échanger avec nous ? Choisissez un autre créneau quand vous le voulez.{{/byStaff}}</mj-text>',
          button('{{bookingUrl}}', 'Choisir un autre créneau', '16px 24px'),
          linkWrittenOut('14 jours', 'bookingUrl'),
          signOff('À bientôt'),
        ]),
        footer([ADDRESS]),
      ],
    }),
    variablesJson: [
      CALL_FIRST_NAME,
      CALL_WHEN,
      {
        name: 'byStaff',
        description:
          'Vrai quand c’est l’agence qui annule (un membre de l’équipe empêché) : le texte s’excuse',
      },
      {
        name: 'bookingUrl',
        description: 'Lien personnel pour choisir un autre créneau, valable 14 jours',
        example: 'https://lisanga-digital.cd/appel-decouverte?token=3c1f0a9e',
      },
      COMPANY_ADDRESS,
    ],
  },
  {
    key: 'call_reminder',
    name: 'Appel découverte : rappel (la veille et une heure avant)',
    subject: 'Rappel : appel découverte {{inHowLong}}, {{when}}',
    mjml: mjmlEmail({
      title: 'Rappel : appel découverte {{inHowLong}}',
      preview: 'Appel découverte avec {{withName}} : {{when}}',
      sections: [
        banner(),
        card([
          '<mj-text font-size="22px" font-weight="bold">Votre appel découverte, {{inHowLong}}</mj-text>',
          '<mj-text>Bonjour{{#recipientFirstName}} {{recipientFirstName}}{{/recipientFirstName}},</mj-text>',
          '<mj-text>Petit rappel : votre appel découverte avec {{withName}} commence {{inHowLong}}.</mj-text>',
          '<mj-text font-size="18px" font-weight="bold" color="#15803d">{{when}}{{#kinshasa}}<br /><span style="font-size:15px; color:#4b5563; font-weight:normal;">soit {{kinshasa}}</span>{{/kinshasa}}</mj-text>',
          '<mj-text>{{meetingDetails}}</mj-text>',
          // A section cannot wrap an <mj-button>: the link that applies is a button-like link in a text.
          '<mj-text padding="16px 24px">{{#manageUrl}}<a href="{{manageUrl}}" style="display:inline-block; background-color:#15803d; color:#ffffff; font-weight:bold; text-decoration:none; padding:12px 24px; border-radius:6px;">Déplacer ou annuler</a>{{/manageUrl}}{{#adminUrl}}<a href="{{adminUrl}}" style="display:inline-block; background-color:#15803d; color:#ffffff; font-weight:bold; text-decoration:none; padding:12px 24px; border-radius:6px;">Voir le contact</a>{{/adminUrl}}</mj-text>',
          signOff('À tout à l’heure'),
        ]),
        footer([ADDRESS]),
      ],
    }),
    variablesJson: [
      {
        name: 'recipientFirstName',
        description: 'Prénom de la personne qui reçoit le rappel (le visiteur ou le membre de l’équipe)',
        example: 'Grâce',
      },
      {
        name: 'inHowLong',
        description: 'Quand commence l’appel : « demain » ou « dans une heure »',
        example: 'demain',
      },
      CALL_WHEN,
      CALL_KINSHASA,
      {
        ...CALL_WITH,
        description: 'Avec qui : le membre de l’équipe (pour le visiteur) ou le visiteur (pour l’équipe)',
      },
      CALL_MEETING_DETAILS,
      { ...CALL_MANAGE_URL, description: 'Lien pour déplacer ou annuler (rappel du visiteur seulement)' },
      {
        name: 'adminUrl',
        description:
          'Lien vers la fiche du contact dans l’espace d’administration (rappel de l’équipe seulement)',
      },
      COMPANY_ADDRESS,
    ],
  },
  {
    key: 'call_staff_notification',
    name: 'Notification interne : appel découverte réservé, déplacé ou annulé',
    subject: '{{event}} : {{fullName}}, {{when}}',
    mjml: mjmlEmail({
      title: '{{event}}',
      preview: '{{fullName}} : {{when}}',
      sections: [
        banner(
          [
            '<mj-text align="center" color="#ffffff" font-size="18px" font-weight="bold">Lisanga Digital · {{event}}</mj-text>',
          ],
          '16px 0',
        ),
        card(
          [
            '<mj-text font-size="20px" font-weight="bold">{{event}} : {{fullName}}</mj-text>',
            '<mj-text font-size="18px" font-weight="bold" color="#15803d">{{when}}</mj-text>',
            '<mj-text>{{#visitorTime}}Pour {{fullName}}, il sera {{visitorTime}}.{{/visitorTime}}</mj-text>',
            '<mj-text>Avec : {{withName}}<br />Email : <a href="mailto:{{email}}" style="color:#15803d;">{{email}}</a><br />Téléphone : {{#phone}}{{phone}}{{/phone}}{{^phone}}Non fourni{{/phone}}<br />Entreprise : {{#company}}{{company}}{{/company}}{{^company}}Non précisée{{/company}}<br />Service : {{serviceInterest}}</mj-text>',
            '<mj-text>{{meetingDetails}}</mj-text>',
            button('{{adminUrl}}', 'Voir le contact'),
          ],
          '24px 0',
        ),
        footer([
          'Notification automatique envoyée par le site de Lisanga Digital. L’invitation jointe met à jour votre agenda.',
        ]),
      ],
    }),
    variablesJson: [
      {
        name: 'event',
        description: '« Appel réservé », « Appel déplacé » ou « Appel annulé »',
        example: 'Appel réservé',
      },
      { name: 'fullName', description: 'Nom complet du visiteur', example: 'Jean-Pierre Kasongo' },
      { name: 'email', description: 'Adresse email du visiteur', example: 'jp.kasongo@exemple.cd' },
      { name: 'phone', description: 'Téléphone du visiteur (facultatif)', example: '+243 99 876 5432' },
      {
        name: 'company',
        description: 'Entreprise du visiteur (facultatif)',
        example: 'Kasongo Logistique SARL',
      },
      {
        name: 'serviceInterest',
        description: 'Service qui intéresse le visiteur',
        example: 'Audit digital complet',
      },
      {
        ...CALL_WHEN,
        description: 'Date et heure de l’appel, à l’heure de Kinshasa',
        example: 'jeudi 3 décembre à 10:00 (heure de Kinshasa)',
      },
      {
        name: 'visitorTime',
        description:
          'L’heure de l’appel chez le visiteur quand elle diffère de celle de Kinshasa (sinon vide)',
        example: 'jeudi 3 décembre à 11:00 (heure de Paris)',
      },
      { ...CALL_WITH, description: 'Le membre de l’équipe qui mène l’appel', example: 'Nadine Mbuyi' },
      CALL_MEETING_DETAILS,
      {
        name: 'adminUrl',
        description: 'Lien vers la fiche du contact dans l’espace d’administration',
        example: 'https://lisanga-digital.cd/admin/contacts?lead=3c1f0a9e',
      },
    ],
  },
];
