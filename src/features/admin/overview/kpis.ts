import { z } from 'zod';
import { statusLabel } from '../../../lib/application-status.ts';
import { formatDays, scaleBars, type Bar } from './chart-scale.ts';

const count = z.number().int().nonnegative();
const days = z.number().nonnegative().nullable();

/** The shape admin_kpis() answers (see the admissions overview migration). */
export const kpisSchema = z.object({
  applications_by_status: z.array(z.object({ status: z.string(), count })),
  drafts: count,
  submissions_per_week: z.array(z.object({ week: z.iso.date(), count })),
  leads_by_source: z.array(z.object({ source: z.string(), count })),
  new_leads: count,
  time_to_decision: z.object({ decided: count, median_days: days, p90_days: days }),
  awaiting_triage: count,
  in_review: count,
});
export type Kpis = z.infer<typeof kpisSchema>;

const LEAD_SOURCES: Record<string, string> = {
  lead_form: 'Counselling form',
  popup: 'Pop-up offer',
  contact: 'Contact page',
  whatsapp: 'WhatsApp clicks',
};

export function leadSourceLabel(source: string): string {
  return LEAD_SOURCES[source] ?? source.replace(/_/g, ' ');
}

/** Each status links to the review queue filtered to it. */
export function statusBars(kpis: Kpis): Bar[] {
  return scaleBars(
    kpis.applications_by_status.map(({ status, count: value }) => ({
      label: statusLabel(status),
      value,
      href: `/admin/applications?status=${encodeURIComponent(status)}`,
    })),
  );
}

export function leadSourceBars(kpis: Kpis): Bar[] {
  return scaleBars(
    kpis.leads_by_source.map(({ source, count: value }) => ({ label: leadSourceLabel(source), value })),
  );
}

export function decisionBars(kpis: Kpis): Bar[] {
  const { median_days: median, p90_days: p90 } = kpis.time_to_decision;
  if (median === null || p90 === null) return [];
  return scaleBars([
    { label: 'Median', value: median, display: formatDays(median) },
    { label: '90th percentile', value: p90, display: formatDays(p90) },
  ]);
}

const weekFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export interface WeekColumn extends Bar {
  /** The Monday the week starts on (ISO date). */
  week: string;
  day: string;
  /** The month's name, only where it changes (and on the first week) to keep narrow charts legible. */
  month: string;
}

/** Submissions per week, oldest first, labelled by the week's Monday ("17 Nov"). */
export function weekColumns(kpis: Kpis): WeekColumn[] {
  const bars = scaleBars(
    kpis.submissions_per_week.map(({ week, count: value }) => ({
      label: weekFormat.format(new Date(`${week}T00:00:00Z`)),
      value,
    })),
  );
  return bars.map((bar, index) => {
    const [day = '', month = ''] = bar.label.split(' ');
    const previous = bars[index - 1]?.label.split(' ')[1];
    return {
      ...bar,
      week: kpis.submissions_per_week[index]?.week ?? '',
      day,
      month: month === previous ? '' : month,
    };
  });
}
