/**
 * The campaign worker as the tests run it: silent, telling no one of its progress unless given
 * `events`, and as fast as it may (its rate limiter's waits return at once), one message at a
 * time unless told otherwise.
 */
import { pino } from 'pino';
import { type CampaignWorkerOptions, createCampaignWorker } from '#server/campaigns/worker.ts';

export function testCampaignWorker(
  options: Pick<CampaignWorkerOptions, 'db' | 'transport' | 'publicUrl'> & Partial<CampaignWorkerOptions>,
) {
  return createCampaignWorker({
    logger: pino({ level: 'silent' }),
    events: { publish: async () => {} },
    ratePerSecond: 1_000,
    concurrency: 1,
    sleep: async () => {},
    ...options,
  });
}
