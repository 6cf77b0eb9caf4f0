import { CoverPicture } from '~/components/cover-picture';
import { CtaBand } from '~/components/cta-band';
import { LeadButton } from '~/components/lead-button';
import { PageHeader } from '~/components/page-header';
import { TestimonialCard } from '~/components/testimonial-card';
import { appContext } from '~/context.server';
import { CaseStudyImages } from '~/features/portfolio/case-study-images';
import { ResultFigures } from '~/features/portfolio/result-figures';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/portfolio';
// Used in the loader only: React Router drops it (marked, sanitize-html) from the client bundle.
import { renderMarkdown } from './portfolio.server';
import '~/components/prose.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  // The description is Markdown (the editor's); the page ships its sanitised HTML only.
  const [studies, testimonials] = await Promise.all([content.listCaseStudies(), content.listTestimonials()]);
  const caseStudies = studies.map(({ description, ...study }) => ({
    ...study,
    descriptionHtml: renderMarkdown(description),
    // The client's words: every visible testimonial that tells of this case study, in order.
    testimonials: testimonials.filter((t) => t.caseStudy?.id === study.id),
  }));
  return { caseStudies };
}

export const meta = pageMeta(
  'portfolio',
  'Banques, commerce, ONG : découvrez comment nous avons aidé nos clients en RDC à gagner en visibilité et en ventes, avec des résultats chiffrés.',
  { breadcrumb: 'Portfolio' },
);

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { caseStudies } = loaderData;
  return (
    <>
      <PageHeader
        title="Portfolio"
        intro="Quelques projets menés avec nos clients en RDC : le contexte, ce que nous avons fait et les résultats obtenus."
      />

      <div className="px-4 pt-4 pb-12 sm:pb-16 lg:pb-24">
        <div className="mx-auto max-w-6xl">
          {caseStudies.length === 0 ? (
            <p className="rounded-xl bg-gray-50 p-8 text-center text-gray-700">
              Nos études de cas seront publiées très bientôt.
            </p>
          ) : (
            <ul className="space-y-12">
              {caseStudies.map((study, index) => (
                <li key={study.id}>
                  <article
                    aria-labelledby={`case-${study.id}`}
                    className="render-when-near grid overflow-hidden rounded-2xl border border-gray-100 shadow-sm [--render-estimate:100rem] lg:grid-cols-5 lg:[--render-estimate:60rem]"
                  >
                    {/* The upload fills its column; a generated cover (text, figures) is never cropped, and
                        stands at the top of its column however long the story beside it. */}
                    <CoverPicture
                      image={study.cover}
                      sizes="(min-width: 1024px) 400px, calc(100vw - 32px)"
                      eager={index === 0}
                      decorative={!study.cover.uploaded}
                      pictureClassName={
                        study.cover.uploaded
                          ? 'block lg:col-span-2'
                          : 'flex items-center lg:col-span-2 lg:items-start lg:bg-brand-50 lg:p-8'
                      }
                      className={
                        study.cover.uploaded
                          ? 'aspect-[3/2] h-full w-full object-cover lg:aspect-auto'
                          : 'aspect-[3/2] h-auto w-full bg-brand-900 object-cover lg:rounded-xl lg:shadow-md'
                      }
                    />
                    <div className="p-5 sm:p-8 lg:col-span-3">
                      <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
                        {study.industry}
                      </p>
                      <h2
                        id={`case-${study.id}`}
                        className="mt-2 scroll-mt-24 text-xl font-bold text-balance text-gray-900 sm:text-2xl"
                      >
                        {study.title}
                      </h2>
                      <p className="mt-1 text-gray-700">
                        Client : <span className="font-semibold text-gray-900">{study.clientName}</span>
                      </p>
                      <div
                        className="prose mt-4"
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised against an allow-list on the server (server/content/markdown.ts).
                        dangerouslySetInnerHTML={{ __html: study.descriptionHtml }}
                      />
                      {study.results.length > 0 ? (
                        <>
                          <h3 className="mt-6 text-sm font-semibold tracking-wide text-gray-900 uppercase">
                            Résultats
                          </h3>
                          <ResultFigures results={study.results} />
                        </>
                      ) : null}
                      {study.testimonials.map((testimonial, order) => (
                        <TestimonialCard
                          key={testimonial.id}
                          testimonial={testimonial}
                          index={order}
                          showCaseStudy={false}
                          className="mt-6 h-auto bg-brand-50/60 shadow-none ring-brand-100"
                        />
                      ))}
                    </div>
                    <CaseStudyImages study={study} />
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <CtaBand
        titleId="portfolio-cta-title"
        title="Et si votre projet était le prochain ?"
        text="Décrivez-nous votre besoin : vous recevez un devis personnalisé et gratuit sous 24h."
      >
        <LeadButton lead="quote" size="lg" variant="inverse" className="mt-8">
          Demander un devis
        </LeadButton>
      </CtaBand>
    </>
  );
}
