import { User } from 'lucide-react';
import { Suspense } from 'react';
import { Await } from 'react-router';
import { LinkedInIcon, XIcon } from '~/components/ui/brand-icons';
import { TEAM_MAX_SKILLS, TEAM_SKELETON_COUNT } from '../../../common/constants.ts';
import type { PublicTeamMember } from '../../../server/content/presenters.ts';

/**
 * The team section (spec §2): active members by order (the server filters and sorts), six
 * skeleton cards while loading, 'Équipe en construction' when there is nobody.
 */
export function TeamSection({ team }: { team: PublicTeamMember[] | Promise<PublicTeamMember[]> }) {
  return (
    <section id="team" aria-labelledby="team-title" className="scroll-mt-20 bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="team-title" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          Notre équipe
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700">
          Des stratèges, créatifs et analystes basés à Kinshasa, au service de votre croissance.
        </p>
        <Suspense fallback={<TeamSkeleton />}>
          <Await resolve={team}>{(members) => <TeamGrid members={members} />}</Await>
        </Suspense>
      </div>
    </section>
  );
}

export function TeamGrid({ members }: { members: PublicTeamMember[] }) {
  if (members.length === 0) {
    return (
      <p className="mt-8 rounded-xl bg-white p-8 text-center text-gray-700 shadow-sm">
        Équipe en construction
      </p>
    );
  }
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member) => (
        <li key={member.id}>
          <TeamCard member={member} />
        </li>
      ))}
    </ul>
  );
}

function TeamCard({ member }: { member: PublicTeamMember }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
      <div className="flex items-center gap-4">
        {member.photoUrl ? (
          <img
            src={member.photoUrl}
            alt={`Portrait de ${member.name}`}
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <User className="size-8" aria-hidden="true" />
          </span>
        )}
        <div>
          <h3 className="font-semibold text-gray-900">{member.name}</h3>
          <p className="text-sm text-brand-800">{member.position}</p>
        </div>
      </div>
      <p className="line-clamp-3 text-sm text-gray-700">{member.bio}</p>
      {member.skills.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Compétences">
          {member.skills.slice(0, TEAM_MAX_SKILLS).map((skill) => (
            <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      {member.linkedinUrl || member.twitterUrl ? (
        <div className="mt-auto flex gap-3">
          {member.linkedinUrl ? (
            <a
              href={member.linkedinUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-gray-600 hover:text-brand-800"
              aria-label={`LinkedIn de ${member.name} (nouvel onglet)`}
            >
              <LinkedInIcon className="size-5" />
            </a>
          ) : null}
          {member.twitterUrl ? (
            <a
              href={member.twitterUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-gray-600 hover:text-brand-800"
              aria-label={`Twitter de ${member.name} (nouvel onglet)`}
            >
              <XIcon className="size-5" />
            </a>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

const SKELETON_KEYS = Array.from({ length: TEAM_SKELETON_COUNT }, (_, index) => `skeleton-${index}`);

export function TeamSkeleton() {
  return (
    <ul
      className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      aria-busy="true"
      aria-label="Chargement de l'équipe"
    >
      {SKELETON_KEYS.map((key) => (
        <li
          key={key}
          data-testid="team-skeleton"
          className="h-56 animate-pulse rounded-xl bg-white p-6 shadow-sm"
        >
          <div className="flex items-center gap-4">
            <div className="size-16 rounded-full bg-gray-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/4 rounded bg-gray-200" />
              <div className="h-3 w-1/2 rounded bg-gray-200" />
            </div>
          </div>
          <div className="mt-6 space-y-2">
            <div className="h-3 rounded bg-gray-200" />
            <div className="h-3 rounded bg-gray-200" />
            <div className="h-3 w-2/3 rounded bg-gray-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
