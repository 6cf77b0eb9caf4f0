import Compass from 'lucide-react/icons/compass';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { PageSection } from '~/components/page-section';
import { StatFigures } from '~/components/stat-figures';
import { Button } from '~/components/ui/button';
import { ValuesSection } from '~/components/values-section';
import { appContext } from '~/context.server';
import { ClientLogosSection } from '~/features/client-logos/client-logos';
import { TeamSection } from '~/features/team/team-section';
import { TestimonialsSection } from '~/features/testimonials/testimonials';
import { pageMeta } from '~/lib/seo';
import { useSite } from '~/lib/site';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  // In the first HTML, as on home (no skeleton swapped once the page is on screen).
  const [stats, team, testimonials, clientLogos] = await Promise.all([
    content.listStats(),
    content.listTeam(),
    content.listTestimonials(),
    content.listClientLogos(),
  ]);
  return { stats, team, testimonials, clientLogos };
}

export const meta = pageMeta(
  'about',
  'Agence de marketing et de transformation digitale basée à Kinshasa : notre histoire, notre mission, nos valeurs et l’équipe qui accompagne PME, banques et ONG en RDC.',
  { breadcrumb: 'À propos' },
);

export default function About({ loaderData }: Route.ComponentProps) {
  const { stats, team, testimonials, clientLogos } = loaderData;
  const site = useSite();
  return (
    <>
      <PageHeader
        title="À propos"
        intro={`${site.name} est une agence de transformation digitale et de marketing née à Kinshasa, pour les entreprises qui veulent grandir en RDC.`}
      />

      <section aria-labelledby="story-title" className="px-4 py-12 sm:py-16 lg:py-24">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <h2 id="story-title" className="text-2xl font-bold text-gray-900 sm:text-3xl">
              Notre histoire
            </h2>
            <div className="mt-4 space-y-4 text-gray-700">
              <p>
                Tout est parti d’un constat simple : à Kinshasa, les entreprises ont des clients connectés,
                des smartphones dans toutes les mains et des conversations qui se jouent sur WhatsApp,
                Facebook ou TikTok. Pourtant, peu d’entre elles disposaient d’un partenaire capable de
                transformer cette présence en ventes mesurables.
              </p>
              <p>
                Nos fondateurs, passés par le marketing de grands groupes de télécommunications et de
                distribution, ont créé {site.name} pour mettre cette expertise à la portée des entreprises
                congolaises, avec des méthodes rigoureuses et des budgets réalistes, exprimés en dollars et
                suivis semaine après semaine.
              </p>
              <p>
                Depuis nos bureaux de la Gombe, nous accompagnons aujourd’hui des PME, des institutions
                financières et des ONG à Kinshasa, Lubumbashi, Goma et dans le reste du pays, en français
                comme en lingala ou en swahili lorsque leurs clients le demandent.
              </p>
            </div>
          </div>
          <aside
            aria-labelledby="mission-title"
            className="self-start rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white">
              <Compass className="size-5" aria-hidden="true" />
            </span>
            <h2 id="mission-title" className="mt-4 text-xl font-bold text-gray-900">
              Notre mission
            </h2>
            <p className="mt-3 text-gray-700">
              Aider chaque entreprise congolaise à réussir sa transformation digitale : une stratégie claire,
              des actions mesurées et une marque qui inspire confiance, pour un retour sur investissement
              concret.
            </p>
            {site.contact.address ? (
              <p className="mt-4 flex gap-2 text-sm text-gray-700">
                <MapPin className="mt-0.5 size-4 shrink-0 text-brand-800" aria-hidden="true" />
                <span>{site.contact.address}</span>
              </p>
            ) : null}
          </aside>
        </div>
      </section>

      {stats.length > 0 ? (
        <PageSection titleId="figures-title" title={`${site.name} en chiffres`} continues>
          <StatFigures stats={stats} look="section" className="mt-8 grid gap-4 sm:grid-cols-3" />
        </PageSection>
      ) : null}

      <ValuesSection />
      <TestimonialsSection testimonials={testimonials} titleId="testimonials-title" />
      <ClientLogosSection logos={clientLogos} titleId="clients-title" className="bg-gray-50" />
      <TeamSection team={team} />

      {/* Right after the team (white too): its padding already separates them. */}
      <section aria-labelledby="about-cta-title" className="px-4 pb-12 sm:pb-16 lg:pb-24">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-2xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="about-cta-title" className="text-2xl font-bold">
              Travaillons ensemble
            </h2>
            <p className="mt-2 text-brand-50">Parlez-nous de votre projet : nous vous répondons sous 24h.</p>
          </div>
          <Button asChild size="lg" variant="inverse">
            <Link to="/contact">Nous contacter</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
