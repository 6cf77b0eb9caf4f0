/** A subject as the admin wrote it: its text, and "Prénom" where the first name goes (never `{{`). */
import { FIRST_NAME_LABEL, subjectToDoc } from './first-name';

export function SubjectText({ subject }: { subject: string }) {
  const nodes = subjectToDoc(subject).content[0]?.content ?? [];
  return nodes.map((node, index) =>
    node.type === 'text' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered.
      <span key={index}>{node.text}</span>
    ) : node.type === 'firstName' ? (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        key={index}
        title={node.attrs.fallback ? `Sinon « ${node.attrs.fallback} »` : undefined}
        className="mx-0.5 inline-flex rounded-full bg-brand-100 px-2 text-[0.9em] font-semibold text-brand-900"
      >
        {FIRST_NAME_LABEL}
      </span>
    ) : null,
  );
}
