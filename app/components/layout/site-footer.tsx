import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '#common/constants.ts';
import { type SiteInfo, whatsappUrl } from '#common/site.ts';
import { InstagramIcon, TikTokIcon, WhatsAppIcon } from '~/components/ui/brand-icons';
import { ExternalLink } from '~/components/ui/external-link';

/** The four service entries of the footer (docs/product.md §2.4), all leading to /services. */
const FOOTER_SERVICES = ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding'];

export function SiteFooter({ site, newsletter }: { site: SiteInfo; newsletter?: ReactNode }) {
  return (
    <footer className="render-when-near bg-gray-900 [--render-estimate:57rem] lg:[--render-estimate:34rem] text-gray-300">
      {/* On a phone the two link columns stand side by side (docs/decisions/090-home-page-height.md). */}
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 space-y-4 sm:col-span-1">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm">{site.tagline}</p>
          <ul className="flex gap-3" aria-label="Réseaux sociaux">
            <li>
              <ExternalLink
                href={site.social.instagram}
                className="footer-link"
                label="Instagram (nouvel onglet)"
              >
                <InstagramIcon className="size-6" />
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={site.social.tiktok} className="footer-link" label="TikTok (nouvel onglet)">
                <TikTokIcon className="size-6" />
              </ExternalLink>
            </li>
          </ul>
        </div>
        <FooterNav id="footer-services" title="Services">
          {FOOTER_SERVICES.map((label) => (
            <FooterLink key={label} to="/services" label={label} />
          ))}
        </FooterNav>
        <FooterNav id="footer-company" title="Entreprise">
          <FooterLink to="/about" label="À propos" />
          <FooterLink to="/about#team" label="Notre équipe" />
          <FooterLink to="/blog" label="Blog" />
          <FooterLink to="/contact" label="Contact" />
          <FooterLink to="/legal/privacy" label="Politique de confidentialité" />
          <FooterLink to="/legal/terms" label="Conditions d’utilisation" />
          <FooterLink to="/legal/cookies" label="Politique de cookies" />
        </FooterNav>
        <div className="col-span-2 space-y-4 sm:col-span-1">
          <p className="font-semibold text-white">Contact</p>
          <ul className="space-y-2 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{site.contact.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`tel:${site.contact.phone.replace(/\s/g, '')}`} className="footer-link">
                {site.contact.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${site.contact.email}`} className="footer-link">
                {site.contact.email}
              </a>
            </li>
            <li className="flex gap-2">
              <WhatsAppIcon className="mt-0.5 size-4 shrink-0" />
              <a
                href={whatsappUrl(site.contact.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className="footer-link"
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

/** A column of links, named by its heading. */
function FooterNav({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <p id={id} className="mb-3 font-semibold text-white">
        {title}
      </p>
      <ul className="space-y-1">{children}</ul>
    </nav>
  );
}

function FooterLink({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <Link to={to} className="footer-link">
        {label}
      </Link>
    </li>
  );
}
