import ArrowLeft from 'lucide-react/icons/arrow-left';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { data, Link } from 'react-router';
import { ServiceIdParamsSchema } from '#common/schemas/public-api.ts';
import { serviceShareImage } from '#common/visuals.ts';
import { LeadButton } from '~/components/lead-button';
import { PageHeader } from '~/components/page-header';
import { PageSection } from '~/components/page-section';
import { ServiceIcon } from '~/components/service-icon';
import { ServiceMoreLink } from '~/components/ui/arrow-link';
import { Button } from '~/components/ui/button';
import { ServiceVisual } from '~/components/visuals/service-visual';
import { appContext } from '~/context.server';
import { TestimonialsSection } from '~/features/testimonials/testimonials';
import { absoluteUrl, breadcrumbJsonLd, seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/service-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  // A malformed id is just another address that does not exist: same 404 page, same status.
  const parsed = ServiceIdParamsSchema.safeParse({ id: params.serviceId });
  if (!parsed.success) throw data(null, { status: 404 });
  const { content } = context.get(appContext);
  const [service, allTestimonials] = await Promise.all([
    content.getService(parsed.data.id),
    content.listTestimonials(),
  ]);
  if (!service) throw data(null, { status: 404 });
  // What clients say of this service, or of one of its prestations on an offer's page.
  const spokenOf = new Set([service.id, ...service.children.map((child) => child.id)]);
  const testimonials = allTestimonials.filter((t) => t.serviceIds.some((id) => spokenOf.has(id)));
  return { service, testimonials };
}

/** Search engines cut descriptions around 160 characters: cut on a word, not mid-word. */
function metaDescription(text: string, max = 160) {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s,;:.!?]+$/, '')}…`;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // Without data the layout's error boundary shows the 404 page, with its own head.
  if (!loaderData) return [];
  const { service } = loaderData;
  const site = siteFromMatches(matches);
  const path = `/services/${service.id}`;
  const trail: [string, string][] = [
    ['Accueil', '/'],
    ['Services', '/services'],
    ...(service.parent
      ? ([[service.parent.title, `/services/${service.parent.id}`]] as [string, string][])
      : []),
    [service.title, path],
  ];
  const description = metaDescription(service.description);
  return seo(site, {
    title: service.title,
    description,
    path,
    image: serviceShareImage({
      id: service.id,
      title: service.title,
      parentTitle: service.parent?.title ?? null,
    }),
    jsonLd: site
      ? [
          breadcrumbJsonLd(site, trail),
          {
            '@context': 'https://schema.org',
            '@type': 'Service',
            name: service.title,
            description,
            url: absoluteUrl(site, path),
            serviceType: service.parent?.title ?? service.title,
            provider: { '@type': 'ProfessionalService', name: site.name, url: site.publicUrl },
            areaServed: { '@type': 'Country', name: 'République démocratique du Congo' },
          },
        ]
      : undefined,
  });
}

const STEPS = [
  {
    title: 'Écoute et diagnostic',
    text: 'Nous partons de vos objectifs, de vos clients et de vos chiffres actuels, lors d’un premier échange gratuit.',
  },
  {
    title: 'Proposition chiffrée',
    text: 'Vous recevez un plan d’action clair, avec un calendrier et un budget détaillé en dollars.',
  },
  {
    title: 'Mise en œuvre et mesure',
    text: 'Nous réalisons, suivons les résultats et ajustons, avec un point régulier et des rapports lisibles.',
  },
];

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service, testimonials } = loaderData;
  const trail: [string, string][] = [['Services', '/services']];
  if (service.parent) trail.push([service.parent.title, `/services/${service.parent.id}`]);

  return (
    <>
      <PageHeader
        title={service.title}
        trail={trail}
        intro={service.description}
        visual={<ServiceVisual services={[service]} />}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <LeadButton lead="quote" service={service.title} size="lg">
            Demander un devis
          </LeadButton>
          <LeadButton lead="call" service={service.title} size="lg" variant="secondary">
            {/* No icon under 360 px: the label alone fills a 320-px screen. */}
            <CalendarClock className="hidden size-5 min-[360px]:block" aria-hidden="true" />
            Planifier un appel découverte
          </LeadButton>
        </div>
      </PageHeader>

      {service.children.length > 0 ? (
        <PageSection titleId="children-title" title="Nos prestations">
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {service.children.map((child) => (
              <li key={child.id} className="flex flex-col rounded-xl border border-gray-100 p-6 shadow-sm">
                <ServiceIcon icon={child.icon} title={child.title} />
                <h3 className="mt-4 text-lg font-semibold text-gray-900">
                  <Link
                    to={`/services/${child.id}`}
                    className="inline-flex min-h-6 items-center hover:text-brand-800 hover:underline"
                  >
                    {child.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-sm text-gray-700">{child.description}</p>
                <ServiceMoreLink service={child} className="mt-4 text-sm" />
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      {service.parent ? (
        <section aria-labelledby="parent-title" className="px-4 pt-12">
          <div className="mx-auto flex max-w-6xl flex-col gap-4 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center">
            <ServiceIcon icon={service.parent.icon} title={service.parent.title} />
            <div className="flex-1">
              <h2 id="parent-title" className="font-semibold text-gray-900">
                Une prestation de notre offre {service.parent.title}
              </h2>
              <p className="mt-1 text-sm text-gray-700">
                Elle peut être menée seule ou combinée aux autres prestations de cette offre.
              </p>
            </div>
            <Button asChild variant="secondary">
              <Link to={`/services/${service.parent.id}`}>Voir l’offre {service.parent.title}</Link>
            </Button>
          </div>
        </section>
      ) : null}

      <TestimonialsSection
        testimonials={testimonials}
        titleId="testimonials-title"
        title="Ils nous ont confié ce travail"
        className={service.parent ? 'mt-12 bg-gray-50' : 'bg-gray-50'}
      />

      <PageSection titleId="steps-title" title="Comment nous travaillons">
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-gray-100 p-6">
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-gray-900">{step.title}</h3>
              <p className="mt-2 text-sm text-gray-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <Link
          to="/services"
          className="mt-10 inline-flex items-center gap-2 font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Voir tous nos services
        </Link>
      </PageSection>
    </>
  );
}

/**
 * The 404 page for an unknown service, rendered here rather than by the layout's boundary so that
 * this route's `meta` still runs and the tab reads '404 Page Not Found' instead of nothing.
 */
