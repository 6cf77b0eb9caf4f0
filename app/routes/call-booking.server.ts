/**
 * What the call page's loader uses of the server (docs/decisions/077-call-booking.md): the lead's
 * call and slots, through the booking desk. A `.server` module, kept out of the browser bundle.
 */
export { HttpError } from '#server/errors.ts';
