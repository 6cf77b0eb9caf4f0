import CalendarClock from 'lucide-react/icons/calendar-clock';
import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { whatsappUrl } from '#common/site.ts';
import { LeadButton } from '~/components/lead-button';
import { PageHeader } from '~/components/page-header';
import { WhatsAppIcon } from '~/components/ui/brand-icons';
import { Button } from '~/components/ui/button';
import { ContactFormIsland } from '~/features/leads/contact-form';
import { organizationJsonLd, pageMeta } from '~/lib/seo';
import { useSite } from '~/lib/site';

export const meta = pageMeta(
  'contact',
  (site) =>
    `Contactez ${site?.name ?? 'notre agence'} à Kinshasa : devis gratuit, appel découverte de 30 minutes, WhatsApp, téléphone ou email. Réponse sous 24h.`,
  { breadcrumb: 'Contact', jsonLd: organizationJsonLd },
);

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold text-gray-900">{label}</p>
        <div className="mt-0.5 text-gray-700">{children}</div>
      </div>
    </li>
  );
}

const linkClass = 'inline-block min-h-6 text-brand-800 underline underline-offset-4 hover:text-brand-900';

export default function Contact() {
  const site = useSite();
  const { address, phone, email, hours, whatsapp } = site.contact;
  return (
    <>
      <PageHeader
        title="Contact"
        intro="Un projet, une question, un besoin de devis ? Écrivez-nous ou appelez-nous : notre équipe vous répond sous 24h."
      />

      <div className="px-4 pb-16">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ContactFormIsland />

          <section
            aria-labelledby="contact-details-title"
            className="min-w-0 self-start rounded-2xl border border-gray-100 p-4 shadow-sm sm:p-8"
          >
            <h2 id="contact-details-title" className="text-xl font-bold text-gray-900">
              Nos coordonnées
            </h2>
            <ul className="mt-6 space-y-5">
              {address ? (
                <Detail icon={<MapPin className="size-5" aria-hidden="true" />} label="Adresse">
                  <address className="not-italic">{address}</address>
                </Detail>
              ) : null}
              {phone ? (
                <Detail icon={<Phone className="size-5" aria-hidden="true" />} label="Téléphone">
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                    {phone}
                  </a>
                </Detail>
              ) : null}
              {email ? (
                <Detail icon={<Mail className="size-5" aria-hidden="true" />} label="Email">
                  <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
                    {email}
                  </a>
                </Detail>
              ) : null}
              {hours ? (
                <Detail icon={<Clock className="size-5" aria-hidden="true" />} label="Horaires d’ouverture">
                  {hours}
                </Detail>
              ) : null}
            </ul>

            <div className="mt-8 flex flex-col gap-3">
              {whatsapp ? (
                <Button asChild size="lg">
                  <a
                    href={whatsappUrl(whatsapp, `Bonjour ${site.name}, j’aimerais discuter d’un projet.`)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <WhatsAppIcon className="size-5" />
                    Discuter sur WhatsApp
                    <span className="sr-only"> (nouvel onglet)</span>
                  </a>
                </Button>
              ) : null}
              <LeadButton lead="call" size="lg" variant="secondary">
                <CalendarClock className="size-5" aria-hidden="true" />
                Planifier un appel découverte
              </LeadButton>
              <p className="text-sm text-gray-700">
                Appel gratuit de 30 minutes, sans engagement, pour faire le point sur votre projet.
              </p>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
