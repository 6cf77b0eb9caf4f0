import type { PublicService } from '#common/api-types.ts';
import { CtaBand } from '~/components/cta-band';
import { LeadButton } from '~/components/lead-button';
import { PageHeader } from '~/components/page-header';
import { ServiceActions } from '~/components/service-actions';
import { ServiceIcon } from '~/components/service-icon';
import { ServiceMoreLink } from '~/components/ui/arrow-link';
import { ServiceVisual } from '~/components/visuals/service-visual';
import { appContext } from '~/context.server';
import { leadAttributes } from '~/lib/lead-trigger';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/services';

type ServiceGroup = PublicService & { children: PublicService[] };

/**
 * Parents in their order, each with its children. A child whose parent is inactive is left out:
 * deactivating a parent is how the admin withdraws a whole offer.
 */
function groupServices(services: PublicService[]): ServiceGroup[] {
  const groups = services
    .filter((service) => service.parentServiceId === null)
    .map((parent) => ({ ...parent, children: [] as PublicService[] }));
  const byId = new Map(groups.map((group) => [group.id, group]));
  for (const service of services) {
    if (service.parentServiceId) byId.get(service.parentServiceId)?.children.push(service);
  }
  return groups;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return { groups: groupServices(await content.listServices()) };
}

export const meta = pageMeta(
  'services',
  'Stratégie marketing, marketing digital, création de contenu et branding : découvrez les offres de notre agence pour les PME, banques et ONG de Kinshasa et de toute la RDC.',
  { breadcrumb: 'Services' },
);

export default function Services({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <PageHeader
        title="Nos services"
        intro="Quatre métiers complémentaires, déclinés en prestations concrètes, pour attirer, convaincre et fidéliser vos clients en RDC."
        visual={groups.length > 0 ? <ServiceVisual services={groups} /> : undefined}
      />

      <div className="px-4 pt-4 pb-12 sm:pb-16 lg:pb-24">
        <div className="mx-auto max-w-6xl space-y-8 lg:space-y-10">
          {groups.map((group) => (
            <section
              key={group.id}
              id={`service-${group.id}`}
              aria-labelledby={`service-title-${group.id}`}
              className="render-when-near scroll-mt-20 rounded-2xl border border-gray-100 p-6 shadow-sm [--render-estimate:95rem] sm:p-8 lg:[--render-estimate:40rem]"
            >
              <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div className="flex flex-col">
                  <ServiceIcon icon={group.icon} title={group.title} />
                  <h2
                    id={`service-title-${group.id}`}
                    className="mt-4 text-2xl font-bold text-gray-900 sm:text-3xl"
                  >
                    {group.title}
                  </h2>
                  <p className="mt-3 text-gray-700">{group.description}</p>
                  <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                    <ServiceActions service={group} />
                  </div>
                </div>

                {group.children.length > 0 ? (
                  <ul className="grid gap-4 sm:grid-cols-2">
                    {group.children.map((child) => (
                      <li key={child.id} className="flex flex-col rounded-xl bg-gray-50 p-5">
                        <div className="flex items-center gap-3">
                          <ServiceIcon icon={child.icon} title={child.title} />
                          <h3 className="font-semibold text-gray-900">{child.title}</h3>
                        </div>
                        <p className="mt-3 flex-1 text-sm text-gray-700">{child.description}</p>
                        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
                          <ServiceMoreLink service={child} className="text-sm" />
                          <button
                            type="button"
                            {...leadAttributes('quote', child.title)}
                            aria-label={`Demander un devis pour ${child.title}`}
                            className="min-h-6 text-sm font-medium text-gray-700 underline underline-offset-4 hover:text-brand-800"
                          >
                            Demander un devis
                          </button>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </section>
          ))}
        </div>
      </div>

      <CtaBand
        titleId="services-cta-title"
        title="Vous ne savez pas par où commencer ?"
        text="Parlons de votre activité et de vos objectifs pendant 30 minutes, gratuitement et sans engagement. Nous vous dirons quelles actions auront le plus d’impact pour votre budget."
      >
        <LeadButton lead="call" size="lg" variant="inverse" className="mt-8">
          Planifier un appel découverte
        </LeadButton>
      </CtaBand>
    </>
  );
}
