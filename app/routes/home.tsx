import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { AUDIT_SERVICE_TITLE } from '#common/constants.ts';
import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { CtaBand } from '~/components/cta-band';
import { LeadButton } from '~/components/lead-button';
import { PageSection } from '~/components/page-section';
import { ServiceActions } from '~/components/service-actions';
import { ServiceIcon } from '~/components/service-icon';
import { StatFigures } from '~/components/stat-figures';
import { Button } from '~/components/ui/button';
import { ValuesSection } from '~/components/values-section';
import heroHomeUrl from '~/components/visuals/hero-home.svg?no-inline';
import { appContext } from '~/context.server';
import { ClientLogosSection } from '~/features/client-logos/client-logos';
import { NewsletterBlock } from '~/features/newsletter/newsletter-block';
import { NewsletterFormIsland } from '~/features/newsletter/newsletter-form';
import { TeamSection } from '~/features/team/team-section';
import { TestimonialsSection } from '~/features/testimonials/testimonials';
import { leadAttributes } from '~/lib/lead-trigger';
import { organizationJsonLd, seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  // Public pages are whole documents (docs/decisions/030): the team is in the first HTML, with no
  // skeleton swapped for it once the page is on screen (a second layout of the whole page).
  const [services, stats, team, testimonials, clientLogos] = await Promise.all([
    content.listParentServices(),
    content.listStats(),
    content.listTeam(),
    content.listTestimonials(),
    content.listClientLogos(),
  ]);
  return { services, stats, team, testimonials, clientLogos };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seo(site, {
    title: `${site?.name ?? 'Lisanga Digital'} | ${PAGES.home.title}`,
    image: pageShareImage('home'),
    description:
      site?.description ||
      'Agence de transformation digitale et de marketing à Kinshasa : stratégie, marketing digital, création de contenu et branding.',
    path: '/',
    jsonLd: site ? organizationJsonLd(site) : undefined,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { services, stats, team, testimonials, clientLogos } = loaderData;
  return (
    <>
      <section className="overflow-hidden border-b border-brand-100 bg-gradient-to-b from-brand-50 to-brand-100/40 px-4 pt-10 pb-12 sm:pt-16 sm:pb-16 lg:pt-20 lg:pb-24">
        <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          <div className="text-center lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
              Marketing · Développement · Design · Stratégie
            </p>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-5xl">
              Faites grandir votre entreprise avec un marketing qui rapporte
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-base text-gray-700 sm:mt-6 sm:text-lg lg:mx-0">
              Nous accompagnons les entreprises de Kinshasa et de toute la RDC dans leur transformation
              digitale : une stratégie claire, des campagnes mesurées et une marque qui inspire confiance.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Button asChild size="lg">
                <Link to="/contact">
                  Démarrer maintenant <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/services">Nos expertises</Link>
              </Button>
            </div>
            {/* One grid, one size: the figures share a baseline whatever the length of their label. */}
            <StatFigures
              stats={stats}
              look="hero"
              className="mx-auto mt-8 grid max-w-2xl grid-cols-3 gap-3 sm:mt-10 sm:gap-4 lg:mx-0"
            />
          </div>
          {/*
            Decorative (alt=""): a 4 KB SVG, 1.1 KB Brotli, fingerprinted and precompressed under
            /assets (cached for a year); width/height reserve its box (no layout shift). React
            preloads it from the <head>; fetchPriority="high" keeps that request out of the queue of
            module preloads: beside the headline on desktops it is the LCP element. Below 1024 px
            it would stand under the figures and push the proof down: it is not shown there
            (docs/decisions/090-home-page-height.md), and its 1 KB does not delay the first paint.
          */}
          <img
            src={heroHomeUrl}
            alt=""
            width={560}
            height={480}
            fetchPriority="high"
            data-testid="home-hero-visual"
            className="mx-auto hidden h-auto w-full max-w-md lg:block lg:max-w-none"
          />
        </div>
      </section>

      <ClientLogosSection logos={clientLogos} titleId="clients-title" className="border-b border-gray-100" />

      {/* Its height while it waits for the screen (decision 093), measured with the seed's four
          services at 360, 768 and 1280 px: twice the default 40rem on a phone. */}
      <PageSection
        titleId="services-title"
        title="Nos expertises"
        className="[--render-estimate:84rem] sm:[--render-estimate:64rem] lg:[--render-estimate:47rem]"
      >
        <p className="mt-2 max-w-2xl text-gray-700">
          Quatre métiers complémentaires pour attirer, convaincre et fidéliser vos clients.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {services.map((service) => (
            <li
              key={service.id}
              className="flex flex-col rounded-xl border border-gray-100 p-5 shadow-sm sm:p-6"
            >
              {/* On a phone the icon stands beside the title, not above it. */}
              <div className="flex items-center gap-3 sm:block">
                <ServiceIcon icon={service.icon} title={service.title} className="shrink-0" />
                <h3 className="text-lg font-semibold text-gray-900 sm:mt-4">{service.title}</h3>
              </div>
              {/* Three lines on a phone: "En savoir plus" has the rest. */}
              <p className="mt-2 line-clamp-3 flex-1 text-sm text-gray-700 sm:line-clamp-none">
                {service.description}
              </p>
              <div className="mt-6 flex flex-col gap-2">
                <ServiceActions service={service} size="sm" />
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <TestimonialsSection
        testimonials={testimonials}
        titleId="testimonials-title"
        intro="Des dirigeants de Kinshasa racontent ce que notre travail a changé pour eux."
        className="bg-brand-50/60"
      />
      <ValuesSection brief />
      <TeamSection team={team} scrollsOnPhones />
      <NewsletterBlock form={<NewsletterFormIsland />} />

      <CtaBand
        titleId="closing-title"
        title="Où en est votre présence digitale ?"
        text="Un audit gratuit de votre site, de vos réseaux sociaux et de vos campagnes, avec des priorités claires."
      >
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LeadButton lead="quote" service={AUDIT_SERVICE_TITLE} size="lg" variant="inverse">
            Demander un audit gratuit
          </LeadButton>
          <Button asChild size="lg" variant="outlineInverse">
            <Link to="/portfolio">Voir nos études de cas</Link>
          </Button>
        </div>
        <button
          type="button"
          {...leadAttributes('call')}
          className="mt-6 min-h-6 text-sm text-brand-50 underline underline-offset-4 hover:text-white"
        >
          Ou réservez un appel découverte gratuit de 30 minutes
        </button>
      </CtaBand>
    </>
  );
}
