import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '#common/constants.ts';
import { type SiteInfo, whatsappUrl } from '#common/site.ts';
import { InstagramIcon, TikTokIcon, WhatsAppIcon } from '~/components/ui/brand-icons';
import { ExternalLink } from '~/components/ui/external-link';

/** The four service entries of the footer (docs/product.md §2.4), all leading to /services. */
const FOOTER_SERVICES = ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding'];

const footerLink =
  'text-sm text-gray-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

export function SiteFooter({ site, newsletter }: { site: SiteInfo; newsletter?: ReactNode }) {
  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm">{site.tagline}</p>
          <ul className="flex gap-3" aria-label="Réseaux sociaux">
            <li>
              <ExternalLink
                href={site.social.instagram}
                className={footerLink}
                label="Instagram (nouvel onglet)"
              >
                <InstagramIcon className="size-6" />
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.social.tiktok} className={footerLink} label="TikTok (nouvel onglet)">
                <TikTokIcon className="size-6" />
              </ExternalLink>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-services">
          <p id="footer-services" className="mb-3 font-semibold text-white">
            Services
          </p>
          <ul className="space-y-2">
            {FOOTER_SERVICES.map((label) => (
              <li key={label}>
                <Link to="/services" className={footerLink}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <p id="footer-company" className="mb-3 font-semibold text-white">
            Entreprise
          </p>
          <ul className="space-y-2">
            <li>
              <Link to="/about" className={footerLink}>
                À propos
              </Link>
            </li>
            <li>
              <Link to="/about#team" className={footerLink}>
                Notre équipe
              </Link>
            </li>
            <li>
              <Link to="/blog" className={footerLink}>
                Blog
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/legal/privacy" className={footerLink}>
                Politique de confidentialité
              </Link>
            </li>
            <li>
              <Link to="/legal/terms" className={footerLink}>
                Conditions d'utilisation
              </Link>
            </li>
            <li>
              <Link to="/legal/cookies" className={footerLink}>
                Politique de cookies
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-4">
          <p className="font-semibold text-white">Contact</p>
          <ul className="space-y-2 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{site.contact.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`tel:${site.contact.phone.replace(/\s/g, '')}`} className={footerLink}>
                {site.contact.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${site.contact.email}`} className={footerLink}>
                {site.contact.email}
              </a>
            </li>
            <li className="flex gap-2">
              <WhatsAppIcon className="mt-0.5 size-4 shrink-0" />
              <a
                href={whatsappUrl(site.contact.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className={footerLink}
              >
                Écrire sur WhatsApp
              </a>
            </li>
          </ul>
          {newsletter}
        </div>
      </div>
      <div className="border-t border-gray-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-gray-400">
          © {COPYRIGHT_YEAR} {site.name}. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}
