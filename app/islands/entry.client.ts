/**
 * The client entry of public pages (docs/decisions/030-public-islands.md), imported by the
 * bootstrap (bootstrap.ts) once the page is idle or at the visitor's first interaction, after it
 * has evaluated this file's chunks one by one (React, then the islands' code), each in its own
 * task. The islands then hydrate in turn, with a pause between two (hydrate.tsx): no step holds the
 * main thread long (Total Blocking Time, decision 030). The page also records itself in the
 * tab's visit and, once idle, loads the audience beacon (app/lib/audience, decision 084).
 */
import { startAudience } from '~/lib/audience/start';
import { start } from './hydrate';

const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

startAudience();
start(yieldToMain).catch((error) => console.error('The page could not start its islands', error));
