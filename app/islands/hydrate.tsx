/**
 * Public pages' islands come alive (docs/decisions/030-public-islands.md; started by
 * entry.client.ts): every island of the page hydrates on its own root, one after the other with a
 * pause between them, and the buttons that are plain markup get their answer: lead buttons
 * (data-lead) open the quote or call modal, reload buttons (data-reload) reload the page. What the
 * visitor did while this code was on its way is carried out at the end (see bootstrap.ts).
 */
import { type ComponentType, type ReactNode, startTransition, useEffect } from 'react';
import { installLeadTriggers, openFromTrigger } from '~/features/leads/lead-modals-store';
import { cn } from '~/lib/cn';
import { ISLAND_ATTRIBUTE, ISLAND_PREFIX_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '~/lib/island';
import { LEAD_ATTRIBUTE } from '~/lib/lead-trigger';
import { RELOAD_ATTRIBUTE, takePendingActions } from './bootstrap';
import { ISLANDS } from './registry';

/** Reports that its island has hydrated (its effects run after the hydration commit). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets a field's value as typing would, so that React's onChange sees it (its value tracker is bypassed). */
function enter(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * What the visitor typed or chose in an island's form before it hydrated (on a slow connection
 * they may start at once): put back to the server's values for hydration, then entered again once
 * the island is live, so that its state holds what the fields show. Returns the re-entry.
 */
export function holdTypedValues(element: HTMLElement): () => void {
  const typed: (() => void)[] = [];
  for (const field of element.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      typed.push(() => field.click());
    } else if (field instanceof HTMLSelectElement) {
      const initial = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      if (!initial || field.value === initial.value) continue;
      const value = field.value;
      field.value = initial.value;
      typed.push(() => enter(field, value));
    } else if (field.value !== field.defaultValue) {
      const value = field.value;
      field.value = field.defaultValue;
      typed.push(() => enter(field, value));
    }
  }
  return () => {
    for (const again of typed) again();
  };
}

type HydrateRoot = typeof import('react-dom/client').hydrateRoot;

async function hydrateIsland(element: HTMLElement, hydrateRoot: HydrateRoot) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const load = ISLANDS[name];
  if (!load) {
    console.warn(`Unknown island: ${name}`);
    return;
  }
  const Component = (await load()) as ComponentType<Record<string, unknown>>;
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>;
  const typedAgain = holdTypedValues(element);
  await new Promise<void>((resolve) => {
    const island = (
      <Hydrated onHydrated={resolve}>
        <Component {...props} />
      </Hydrated>
    );
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole island (Total Blocking Time, decision 030).
    startTransition(() => {
      hydrateRoot(element, island, {
        // The prefix its server rendering used: the same ids on both sides (island.tsx).
        identifierPrefix: element.getAttribute(ISLAND_PREFIX_ATTRIBUTE) ?? `${name}-`,
        onRecoverableError: (error) => console.warn(`Island ${name}:`, error),
      });
    });
  });
  typedAgain();
}

function onReload(event: MouseEvent) {
  if ((event.target as Element | null)?.closest?.(`[${RELOAD_ATTRIBUTE}]`)) window.location.reload();
}

/** Hydrates the page's islands in document order, handing the main thread back between two. */
export async function start(yieldToMain: () => Promise<void>) {
  installLeadTriggers();
  document.addEventListener('click', onReload);
  try {
    // Two set-ups that each hold the main thread for a while, each in a task of its own rather
    // than inside the first island's: starting React DOM's module (its code runs on first import,
    // about 130 ms at 4x slowdown), and the class merger's first call, which builds its whole
    // configuration (app/lib/cn.ts, 35-70 ms).
    const { hydrateRoot } = await import('react-dom/client');
    await yieldToMain();
    cn();
    await yieldToMain();
    for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
      await hydrateIsland(element, hydrateRoot).catch((error) =>
        console.error('An island failed to start', error),
      );
      await yieldToMain();
    }
  } finally {
    // What the visitor did before: carried out now that every handler is in place.
    for (const { type, target } of takePendingActions()) {
      const lead = target.closest(`[${LEAD_ATTRIBUTE}]`);
      if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (target.closest(`[${RELOAD_ATTRIBUTE}]`)) window.location.reload();
      else if (lead) openFromTrigger(lead);
      else if (target instanceof HTMLElement) target.click();
    }
    // For whoever needs to know the page is fully interactive (the end-to-end tests among them).
    document.documentElement.dataset.islands = 'hydrated';
  }
}
