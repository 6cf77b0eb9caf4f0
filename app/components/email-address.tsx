/**
 * An email address that wraps where a reader expects (before the @, after a dot) rather than at
 * any letter: "jean.mukendi@" / "gmail.com", not "jean.mukendi@gma" / "il.com". A part too long
 * for its line still breaks anywhere (the caller's `wrap-anywhere`), never overflowing a phone.
 */
import { Fragment } from 'react';

export function EmailAddress({ email }: { email: string }) {
  // Break opportunities: before "@", after each "." (<wbr>, invisible and not copied).
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in a fixed order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
