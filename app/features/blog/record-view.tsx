import { POST_VIEW_ATTRIBUTE } from './post-view-beacon';

/**
 * Where a post's view is counted (post-view-beacon.ts): a marker, read by the public pages' entry
 * once the page is live. No island: nothing here needs React in the browser.
 */
export function RecordView({ slug }: { slug: string }) {
  return <span hidden {...{ [POST_VIEW_ATTRIBUTE]: slug }} />;
}
