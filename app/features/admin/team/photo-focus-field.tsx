/**
 * The focal point of a member's photo (docs/decisions/091-team-portraits.md): the staff tap the
 * face on the photo, or move the two sliders (the keyboard's way), and see the circle the site
 * cuts from it. Stored as whole percentages of the photo's width and height; the site gives them
 * to `object-position`, so every crop of the photo (the card's circle, the call page) keeps it.
 */
import type { MouseEvent } from 'react';
import { mediaSrcset } from '#common/schemas/media.ts';

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

export function PhotoFocusField({
  photoUrl,
  x,
  y,
  onChange,
}: {
  photoUrl: string;
  x: number;
  y: number;
  onChange: (focus: { x: number; y: number }) => void;
}) {
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const position = `${x}% ${y}%`;
  return (
    <fieldset className="rounded-xl bg-gray-50 p-4">
      <legend className="sr-only">Cadrage de la photo</legend>
      <p className="text-sm font-medium text-gray-900" aria-hidden="true">
        Cadrage de la photo
      </p>
      <p id="photo-focus-hint" className="text-sm text-gray-600">
        Touchez le visage sur la photo : le cercle de la carte le garde dans le cadre.
      </p>
      <div className="mt-3 flex flex-wrap items-start gap-4">
        <button
          type="button"
          onClick={pick}
          aria-describedby="photo-focus-hint"
          aria-label="Choisir le point à garder dans le cercle"
          className="relative w-40 cursor-crosshair overflow-hidden rounded-lg ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:w-48"
        >
          <img
            src={photoUrl}
            srcSet={mediaSrcset(photoUrl)}
            sizes="192px"
            alt=""
            className="block h-auto w-full"
          />
          <span
            aria-hidden="true"
            data-testid="photo-focus-marker"
            className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow ring-2 ring-brand-700"
            style={{ left: `${x}%`, top: `${y}%` }}
          />
        </button>
        <figure className="flex flex-col items-center gap-2">
          <img
            src={photoUrl}
            srcSet={mediaSrcset(photoUrl)}
            sizes="80px"
            alt="Aperçu du portrait sur le site"
            width={80}
            height={80}
            className="size-20 rounded-full bg-brand-100 object-cover ring-4 ring-brand-50"
            style={{ objectPosition: position }}
          />
          <figcaption className="text-xs text-gray-600">Sur le site</figcaption>
        </figure>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {(
          [
            ['x', 'Horizontal', x],
            ['y', 'Vertical', y],
          ] as const
        ).map(([axis, label, value]) => (
          <label key={axis} className="flex flex-col gap-1 text-sm text-gray-900">
            {label} ({`${value}\u00a0%`})
            <input
              type="range"
              min={0}
              max={100}
              value={value}
              onChange={(event) => onChange({ x, y, [axis]: Number(event.currentTarget.value) })}
              className="accent-brand-700"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
