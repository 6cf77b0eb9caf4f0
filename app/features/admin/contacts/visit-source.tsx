/**
 * Where a lead came from, in its panel (docs/decisions/084-first-party-audience.md): one line
 * ("Arrivé(e) par Facebook · campagne « lancement » · sur /services/seo · 4 pages vues"), the device
 * and country, and the pages seen in order, the form's last, behind a disclosure. A lead that came
 * without a visit (sent before the measurement, or by a browser that kept none) says "Source
 * inconnue": an owner looking for the source reads that it is not known, rather than nothing.
 */
import { useId } from 'react';
import { type Attribution, countryName, DEVICE_LABELS, describeAttribution } from '#common/audience.ts';

export function VisitSource({ attribution }: { attribution: Attribution | null }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-1 text-sm">
      <h3 id={titleId} className="font-semibold text-gray-900">
        Source
      </h3>
      {attribution ? (
        <VisitFacts attribution={attribution} />
      ) : (
        <p className="text-gray-600">Source inconnue</p>
      )}
    </section>
  );
}

function VisitFacts({ attribution }: { attribution: Attribution }) {
  const where = [
    attribution.device ? DEVICE_LABELS[attribution.device] : null,
    attribution.country ? countryName(attribution.country) : null,
  ].filter(Boolean);
  const pages = attribution.pages ?? [];
  const seen = Math.max(attribution.pagesSeen ?? 0, pages.length);
  return (
    <>
      <p className="wrap-anywhere text-gray-900">{describeAttribution(attribution)}</p>
      {where.length > 0 ? <p className="text-gray-600">{where.join(' · ')}</p> : null}
      {pages.length > 0 ? (
        <details className="text-gray-800">
          <summary className="cursor-pointer font-medium text-brand-800 underline-offset-2 hover:underline">
            {pagesSummary(pages.length, seen)}
          </summary>
          <ol className="mt-1 list-decimal pl-6">
            {pages.map((path, index) => (
              // A visit may see a page twice: its place in the visit is its key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed, in the visit's order.
              <li key={index} className="wrap-anywhere">
                {path}
                {index === pages.length - 1 && path === attribution.formPath ? ' (formulaire)' : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}

/** "Voir les 4 pages vues", or "Voir les 20 dernières pages vues (sur 31)" when the first were not kept. */
function pagesSummary(listed: number, seen: number): string {
  if (seen > listed) return `Voir les ${listed} dernières pages vues (sur ${seen})`;
  return listed === 1 ? 'Voir la page vue' : `Voir les ${listed} pages vues`;
}
