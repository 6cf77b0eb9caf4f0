/** What every page knows about the agency, built from the public settings (site.*, contact.*, social.*). */
export type SiteInfo = {
  name: string;
  tagline: string;
  description: string;
  publicUrl: string;
  contact: { email: string; phone: string; whatsapp: string; address: string; hours: string };
  /** Profile addresses; `x` (the X, formerly Twitter, account) also names the agency in share cards. */
  social: { instagram: string; tiktok: string; linkedin: string; facebook: string; x: string };
};

export function siteInfoFromSettings(settings: Record<string, string>, publicUrl: string): SiteInfo {
  const get = (key: string) => settings[key] ?? '';
  return {
    name: get('site.name') || 'Lisanga Digital',
    tagline: get('site.tagline'),
    description: get('seo.default_description') || get('site.description'),
    publicUrl,
    contact: {
      email: get('contact.email'),
      phone: get('contact.phone'),
      whatsapp: get('contact.whatsapp'),
      address: get('contact.address'),
      hours: get('contact.hours'),
    },
    social: {
      instagram: get('social.instagram'),
      tiktok: get('social.tiktok'),
      linkedin: get('social.linkedin'),
      facebook: get('social.facebook'),
      x: get('social.x'),
    },
  };
}

/** An X (Twitter) profile address as the handle share cards name (`twitter:site`), or null. */
export function xHandle(profileUrl: string): string | null {
  const match = /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/@?([A-Za-z0-9_]{1,15})\/?$/.exec(profileUrl.trim());
  return match ? `@${match[1]}` : null;
}

/** WhatsApp click-to-chat link with a prefilled French message. */
export function whatsappUrl(
  number: string,
  message = 'Bonjour, j’aimerais en savoir plus sur vos services.',
) {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
