/** A template's subject read aloud: its words, and chips where a variable goes (never a `{{`). */
import { subjectReading } from './template-subject';

export function TemplateSubjectText({ subject }: { subject: string }) {
  return subjectReading(subject).map((part, index) =>
    part.chip ? (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered.
        key={index}
        className="mx-0.5 inline-flex rounded-full bg-brand-100 px-2 text-[0.9em] font-semibold text-brand-900"
      >
        {part.text}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <span key={index}>{part.text}</span>
    ),
  );
}
