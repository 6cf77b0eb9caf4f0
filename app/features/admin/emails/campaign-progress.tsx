/** A campaign's sending progress: the share of emails handled and the count per job status. */
import { JOB_STATUSES } from '#common/enums.ts';
import { type CampaignDetail, JOB_STATUS_LABELS } from '#common/schemas/campaigns.ts';
import { Card } from '../kit/page';
import { formatCount } from './format';

export function CampaignProgress({ campaign }: { campaign: CampaignDetail }) {
  const { jobs } = campaign;
  const done = jobs.total - jobs.queued;
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-gray-900">Progression</h2>
      <div
        role="progressbar"
        aria-label="Emails traités"
        aria-valuemin={0}
        aria-valuemax={jobs.total}
        aria-valuenow={done}
        className="h-3 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className="h-full bg-brand-700 transition-all"
          style={{ width: `${(done / jobs.total) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-gray-700">
        {formatCount(done)} sur {formatCount(jobs.total)} traités
        {campaign.status === 'sending' && campaign.paused ? ' — envoi en pause' : ''}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="job-counts">
        {JOB_STATUSES.map((jobStatus) => (
          <div key={jobStatus} className="rounded-lg bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-600">{JOB_STATUS_LABELS[jobStatus]}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{formatCount(jobs[jobStatus])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
