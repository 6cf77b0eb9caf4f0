/** A campaign's results before anything happened (GET /api/admin/campaigns/:id/results), tracking off. */
export const NO_CAMPAIGN_RESULTS = {
  sent: 0,
  failed: 0,
  queued: 0,
  opens: 0,
  uniqueOpens: 0,
  clicks: 0,
  uniqueClicks: 0,
  bounces: 0,
  complaints: 0,
  unsubscribes: 0,
  timeline: [],
  topLinks: [],
  trackingEnabled: false,
};
