/**
 * The closing call to action of a public page: a band in the brand's colour with its heading
 * (`titleId` names the section for screen readers), a line of text, then `children` (the buttons).
 */
import type { ReactNode } from 'react';

export function CtaBand({
  titleId,
  title,
  text,
  children,
}: {
  titleId: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="bg-brand-800 px-4 py-12 text-white sm:py-16 lg:py-24">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={titleId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-brand-50">{text}</p>
        {children}
      </div>
    </section>
  );
}
