import { useEffect } from 'react';
import { island } from '~/lib/island';

/**
 * One view per post per browser session, sent after hydration: crawlers and link previews that
 * only fetch the HTML never count, and a reload or a back-and-forth does not count twice.
 */
export function RecordView({ slug }: { slug: string }) {
  useEffect(() => {
    const key = `viewed:${slug}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Storage refused (privacy settings): count this view anyway, without deduplication.
    }
    const url = `/api/blog/${encodeURIComponent(slug)}/views`;
    // sendBeacon survives the reader leaving the page at once; fetch+keepalive where it is missing.
    const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url);
    if (!queued) fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
  }, [slug]);
  return null;
}

export const RecordViewIsland = island('post-view', RecordView);
