/**
 * The carousels (app/components/carousel.tsx: the testimonials, decision 086, and the home page's
 * team on a phone, decision 090): the list scrolls sideways with snap points, so a swipe and the
 * arrow keys (the list takes the focus) need no script; the "previous" and "next" buttons are plain markup that this delegated listener,
 * installed by the islands' entry (app/islands/live.ts), brings to life. A tap made before that is
 * held by the bootstrap and carried out then. Past the last card "next" goes back to the first,
 * and "previous" on the first goes to the last.
 */
export const CAROUSEL_STEP_ATTRIBUTE = 'data-carousel-step';

/** Scrolls the list a button controls by one card, forward (1) or back (-1). */
export function stepCarousel(button: Element): void {
  const track = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const card = track?.firstElementChild;
  if (!track || !(card instanceof HTMLElement)) return;
  const direction = button.getAttribute(CAROUSEL_STEP_ATTRIBUTE) === 'previous' ? -1 : 1;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  const end = track.scrollWidth - track.clientWidth;
  // 2 px of slack: snapping can stop a fraction of a pixel short of either end.
  const atEnd = direction > 0 ? track.scrollLeft >= end - 2 : track.scrollLeft <= 2;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const left = atEnd ? (direction > 0 ? 0 : end) : track.scrollLeft + direction * (card.offsetWidth + gap);
  track.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
}

function onClick(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.(`[${CAROUSEL_STEP_ATTRIBUTE}]`);
  if (button) stepCarousel(button);
}

export function installCarousels(): void {
  document.addEventListener('click', onClick);
}
