import { Suspense } from 'react';
import { Await } from 'react-router';
import type { PublicTeamMember } from '#common/api-types.ts';
import { TEAM_MAX_SKILLS, TEAM_SKELETON_COUNT } from '#common/constants.ts';
import { mediaSrcset } from '#common/schemas/media.ts';
import { CarouselButtons, CarouselTrack } from '~/components/carousel';
import { PageSection } from '~/components/page-section';
import { PersonAvatar } from '~/components/person-avatar';
import { LinkedInIcon, XIcon } from '~/components/ui/brand-icons';
import { ExternalLink } from '~/components/ui/external-link';

/**
 * The team section (docs/product.md §2.6): active members by order (the server filters and sorts), six
 * skeleton cards while loading (a promise), 'Équipe en construction' when there is nobody.
 */
export function TeamSection({
  team,
  scrollsOnPhones = false,
}: {
  team: PublicTeamMember[] | Promise<PublicTeamMember[]>;
  /**
   * Below 640 px, one row that scrolls card by card instead of a column of every card (the home
   * page, docs/decisions/090-home-page-height.md); About keeps the column.
   */
  scrollsOnPhones?: boolean;
}) {
  return (
    <PageSection id="team" titleId="team-title" title="Notre équipe" className="scroll-mt-20">
      <p className="mt-2 max-w-2xl text-gray-700">
        Des stratèges, créatifs et analystes basés à Kinshasa, au service de votre croissance.
      </p>
      {Array.isArray(team) ? (
        // Already loaded (public pages): no Suspense boundary, whose streamed swap would lay the
        // whole page out again once on screen.
        <TeamGrid members={team} scrollsOnPhones={scrollsOnPhones} />
      ) : (
        <Suspense fallback={<TeamSkeleton />}>
          <Await resolve={team}>
            {(members) => <TeamGrid members={members} scrollsOnPhones={scrollsOnPhones} />}
          </Await>
        </Suspense>
      )}
    </PageSection>
  );
}

export function TeamGrid({
  members,
  scrollsOnPhones = false,
}: {
  members: PublicTeamMember[];
  scrollsOnPhones?: boolean;
}) {
  if (members.length === 0) {
    return <p className="mt-8 rounded-xl bg-gray-50 p-8 text-center text-gray-700">Équipe en construction</p>;
  }
  if (scrollsOnPhones && members.length > 1) {
    return (
      <>
        <CarouselTrack
          id="team-list"
          label="L’équipe"
          scrolls
          className="mt-8 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-6 sm:overflow-visible lg:grid-cols-3"
        >
          {members.map((member, index) => (
            <li key={member.id} className="w-[85%] shrink-0 snap-start sm:w-auto">
              <TeamCard member={member} index={index} />
            </li>
          ))}
        </CarouselTrack>
        <CarouselButtons
          trackId="team-list"
          previous="Membre précédent"
          next="Membre suivant"
          className="sm:hidden"
        />
      </>
    );
  }
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
      {members.map((member, index) => (
        <li key={member.id}>
          <TeamCard member={member} index={index} />
        </li>
      ))}
    </ul>
  );
}

const PORTRAIT_SIZE = 80;

function Portrait({ member, index }: { member: PublicTeamMember; index: number }) {
  if (member.photoUrl) {
    return (
      <img
        src={member.photoUrl}
        srcSet={mediaSrcset(member.photoUrl)}
        sizes={`${PORTRAIT_SIZE}px`}
        alt={`Portrait de ${member.name}`}
        width={PORTRAIT_SIZE}
        height={PORTRAIT_SIZE}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-full bg-brand-100 object-cover ring-4 ring-brand-50"
        // The staff's focal point stays in the circle, whatever the photo's shape.
        style={{ objectPosition: `${member.photoFocusX}% ${member.photoFocusY}%` }}
      />
    );
  }
  return (
    <PersonAvatar
      name={member.name}
      index={index}
      data-testid="portrait-placeholder"
      width={PORTRAIT_SIZE}
      height={PORTRAIT_SIZE}
      className="size-20 ring-4 ring-brand-50"
    />
  );
}

/** A member's profiles, in this order. */
const SOCIAL_LINKS = [
  { field: 'linkedinUrl', network: 'LinkedIn', Icon: LinkedInIcon },
  { field: 'twitterUrl', network: 'Twitter', Icon: XIcon },
] as const;

function TeamCard({ member, index }: { member: PublicTeamMember; index: number }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
      <div className="flex items-center gap-4">
        <Portrait member={member} index={index} />
        <div className="min-w-0">
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
        <div className="mt-auto -ml-2 flex gap-1">
          {SOCIAL_LINKS.map(({ field, network, Icon }) => {
            const href = member[field];
            return href ? (
              <ExternalLink
                key={field}
                href={href}
                className="inline-flex size-9 items-center justify-center rounded-md text-gray-600 hover:text-brand-800"
                label={`${network} de ${member.name} (nouvel onglet)`}
              >
                <Icon className="size-5" />
              </ExternalLink>
            ) : null;
          })}
        </div>
      ) : null}
    </article>
  );
}

const SKELETON_KEYS = Array.from({ length: TEAM_SKELETON_COUNT }, (_, index) => `skeleton-${index}`);

export function TeamSkeleton() {
  return (
    <ul
      className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3"
      aria-busy="true"
      aria-label="Chargement de l’équipe"
    >
      {SKELETON_KEYS.map((key) => (
        <li
          key={key}
          data-testid="team-skeleton"
          className="h-60 animate-pulse rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100"
        >
          <div className="flex items-center gap-4">
            <div className="size-20 rounded-full bg-gray-200" />
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
