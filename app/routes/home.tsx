import { Link } from 'react-router';
import { appContext } from '~/context';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const [services, stats, settings] = await Promise.all([
    content.listParentServices(),
    content.listStats(),
    content.getPublicSettings(),
  ]);
  return { services, stats, siteName: settings['site.name'] ?? 'Lisanga Digital' };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.siteName ?? 'Lisanga Digital';
  return [
    { title: `${name} | Marketing, digital et stratégie à Kinshasa` },
    {
      name: 'description',
      content:
        'Agence de transformation digitale et de marketing à Kinshasa : stratégie, marketing digital, création de contenu et branding pour les entreprises de la RDC.',
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { services, stats, siteName } = loaderData;
  return (
    <>
      <header className="border-b border-gray-100">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
          <Link to="/" className="text-lg font-bold text-brand-800">
            {siteName}
          </Link>
        </div>
      </header>
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:py-24">
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
              Marketing, développement, design et stratégie pour faire grandir votre entreprise
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700">
              Nous accompagnons les entreprises de Kinshasa et de toute la RDC dans leur transformation
              digitale.
            </p>
            <dl className="mx-auto mt-10 grid max-w-2xl grid-cols-3 gap-4">
              {stats.map((stat) => (
                <div key={stat.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-100">
                  <dt className="text-sm text-gray-600">{stat.name}</dt>
                  <dd className="text-2xl font-bold text-brand-700">
                    {stat.value}
                    {stat.unit}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <section aria-labelledby="services-title" className="px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="services-title" className="text-2xl font-bold text-gray-900 sm:text-3xl">
              Nos expertises
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {services.map((service) => (
                <li key={service.id} className="rounded-xl border border-gray-100 p-6 shadow-sm">
                  <h3 className="text-lg font-semibold text-gray-900">{service.title}</h3>
                  <p className="mt-2 text-sm text-gray-700">{service.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
    </>
  );
}
