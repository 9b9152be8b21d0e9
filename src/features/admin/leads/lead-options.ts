import type { StatusTone } from '../../../lib/application-status.ts';

/** The values public.leads allows, with the words staff see for them. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_SOURCES = ['lead_form', 'popup', 'contact', 'whatsapp'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
};

/** Badge tones, shared with application statuses: a new lead wants attention, a lost one has ended. */
const LEAD_STATUS_TONES: Record<LeadStatus, StatusTone> = {
  new: 'attention',
  contacted: 'progress',
  qualified: 'progress',
  converted: 'good',
  lost: 'ended',
};

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  lead_form: 'Counselling form',
  popup: 'Pop-up',
  contact: 'Contact page',
  whatsapp: 'WhatsApp click',
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return LEAD_STATUSES.includes(value as LeadStatus);
}

export function isLeadSource(value: unknown): value is LeadSource {
  return LEAD_SOURCES.includes(value as LeadSource);
}

export function leadStatusLabel(status: string): string {
  return isLeadStatus(status) ? LEAD_STATUS_LABELS[status] : status;
}

export function leadStatusTone(status: string): StatusTone {
  return isLeadStatus(status) ? LEAD_STATUS_TONES[status] : 'ended';
}

export function leadSourceLabel(source: string): string {
  return isLeadSource(source) ? LEAD_SOURCE_LABELS[source] : source;
}
