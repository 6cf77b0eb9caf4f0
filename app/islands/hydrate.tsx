/**
 * An island comes alive (docs/decisions/030-public-islands.md): hydrated on its own React root,
 * with the props the server rendered it with. Loaded, with React, only when the page's first
 * island needs it (live.ts decides when).
 */
import { type ComponentType, type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { cn } from '~/lib/cn';
import { ISLAND_ATTRIBUTE, ISLAND_PREFIX_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '~/lib/island-attributes';
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

let classMergerReady = false;

/** Hydrates `element`'s island; resolves once it is live (what was typed meanwhile entered again). */
export async function hydrateIsland(element: HTMLElement, yieldToMain: () => Promise<void>) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const load = ISLANDS[name];
  if (!load) {
    console.warn(`Unknown island: ${name}`);
    return;
  }
  if (!classMergerReady) {
    // The class merger's first call builds its whole configuration (app/lib/cn.ts, 35-70 ms at
    // 4x slowdown): in a task of its own rather than inside the first island's.
    classMergerReady = true;
    cn();
    await yieldToMain();
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
