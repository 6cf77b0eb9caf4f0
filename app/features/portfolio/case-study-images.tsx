/**
 * A case study's images under its story (docs/decisions/092-case-study-galleries.md): the
 * before/after pair side by side, then the gallery (parts of the case study's article, under its
 * headings: not landmarks of their own, which would repeat from one case study to the next), a row that scrolls image by image on a phone
 * and a grid from 640 px. Lazy, with every width of each upload; nothing hydrated.
 */
import { mediaSrcset } from '#common/schemas/media.ts';
import { CarouselButtons, CarouselTrack } from '~/components/carousel';

type Image = { url: string; alt: string };
type Images = { id: string; gallery: Image[]; beforeAfter: { before: Image; after: Image } | null };

const HEADING = 'text-sm font-semibold tracking-wide text-gray-900 uppercase';

function Photo({ image, sizes }: { image: Image; sizes: string }) {
  return (
    <img
      src={image.url}
      srcSet={mediaSrcset(image.url)}
      sizes={sizes}
      alt={image.alt}
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] h-auto w-full rounded-xl bg-gray-100 object-cover"
    />
  );
}

export function CaseStudyImages({ study }: { study: Images }) {
  const { gallery, beforeAfter } = study;
  if (gallery.length === 0 && !beforeAfter) return null;
  const trackId = `gallery-${study.id}`;
  return (
    <div className="space-y-8 border-t border-gray-100 p-5 sm:p-8 lg:col-span-5">
      {beforeAfter ? (
        <div data-testid="before-after">
          <h3 className={HEADING}>Avant / après</h3>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {(
              [
                ['Avant', beforeAfter.before],
                ['Après', beforeAfter.after],
              ] as const
            ).map(([label, image]) => (
              <figure key={label} className="relative">
                <Photo
                  image={image}
                  sizes="(min-width: 1152px) 560px, (min-width: 640px) 45vw, calc(100vw - 72px)"
                />
                <figcaption className="absolute top-3 left-3 rounded-full bg-gray-900/80 px-3 py-1 text-xs font-semibold text-white">
                  {label}
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      ) : null}
      {gallery.length > 0 ? (
        <div data-testid="gallery">
          <h3 className={HEADING}>En images</h3>
          <CarouselTrack
            id={trackId}
            label="Images de l’étude de cas"
            scrolls={gallery.length > 1}
            className="mt-4 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-4 sm:overflow-visible lg:grid-cols-3"
          >
            {gallery.map((image, index) => (
              // The same image may be shown twice; its place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for the page.
              <li key={`${image.url}-${index}`} className="w-[85%] shrink-0 snap-start sm:w-auto">
                <Photo image={image} sizes="(min-width: 1152px) 360px, (min-width: 640px) 45vw, 85vw" />
              </li>
            ))}
          </CarouselTrack>
          {gallery.length > 1 ? (
            <CarouselButtons
              trackId={trackId}
              previous="Image précédente"
              next="Image suivante"
              className="sm:hidden"
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
