import { VALUES } from '~/content/values';
import { PageSection } from './page-section';

export function ValuesSection() {
  return (
    <PageSection titleId="values-title" title="Nos valeurs" className="bg-gray-50">
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
        {VALUES.map(({ name, text, icon: Icon }) => (
          <li key={name} className="flex gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">{name}</h3>
              <p className="mt-1 text-sm text-gray-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
