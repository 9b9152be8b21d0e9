import type { SupabaseClient } from '@supabase/supabase-js';
import { placeFigures, type PlaceFigures } from './places.ts';
import { getIntake, type IntakeSummary } from './intakes.server.ts';
import { publishReadiness, type PublishReadiness } from './publish-readiness.server.ts';
import type { PlaceAlert, WaitlistEntry } from './waitlist.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface IntakeDetail {
  intake: IntakeSummary;
  figures: PlaceFigures;
  /** Applications without a decision and recommendations awaiting approval. */
  readiness: PublishReadiness;
  waitlist: WaitlistEntry[];
  alerts: PlaceAlert[];
  /** Decision rounds published so far, oldest first (batch intakes). */
  rounds: DecisionRound[];
}

export interface DecisionRound {
  number: number;
  released: number;
  final: boolean;
  publishedAt: string;
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

const nameOf = (name: string | null | undefined) => name?.trim() || 'Name not given';

async function loadWaitlist(supabase: SupabaseClient<Database>, intakeId: string): Promise<WaitlistEntry[]> {
  const rows = must(
    await supabase
      .from('applications')
      .select('id, reference, version, waitlist_rank, name:answers->personal->>full_name')
      .eq('intake_id', intakeId)
      .eq('status', 'waitlisted')
      .order('waitlist_rank', { ascending: true, nullsFirst: false })
      .order('decided_at'),
    'waiting list',
  );
  const open = rows.length
    ? must(
        await supabase
          .from('application_decisions')
          .select('application_id, outcome')
          .in(
            'application_id',
            rows.map((row) => row.id),
          )
          .in('state', ['recommended', 'approved']),
        'open decisions',
      )
    : [];
  return rows.map((row, index) => ({
    id: row.id,
    reference: row.reference ?? 'No reference',
    name: nameOf(row.name),
    version: row.version,
    position: index + 1,
    ranked: row.waitlist_rank !== null,
    openDecision: open.find((decision) => decision.application_id === row.id)?.outcome ?? null,
  }));
}

async function loadAlerts(supabase: SupabaseClient<Database>, intakeId: string): Promise<PlaceAlert[]> {
  const rows = must(
    await supabase
      .from('place_alerts')
      .select(
        'id, application_id, from_status, to_status, created_at, application:applications(reference, name:answers->personal->>full_name)',
      )
      .eq('intake_id', intakeId)
      .is('resolved_at', null)
      .order('created_at'),
    'place alerts',
  );
  return rows.map((row) => ({
    id: row.id,
    applicationId: row.application_id,
    reference: row.application?.reference ?? 'No reference',
    name: nameOf(row.application?.name),
    fromStatus: row.from_status,
    toStatus: row.to_status,
    createdAt: row.created_at,
  }));
}

/** One intake's places, waiting list and open freed-place alerts; null when there is no such intake. */
export async function getIntakeDetail(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<IntakeDetail | null> {
  const intake = await getIntake(supabase, id);
  if (!intake) return null;
  const [places, readiness, waitlist, alerts, rounds] = await Promise.all([
    supabase.rpc('staff_intake_places', { intake_id: id }),
    publishReadiness(supabase, id),
    loadWaitlist(supabase, id),
    loadAlerts(supabase, id),
    supabase
      .from('decision_rounds')
      .select('number, released, final, published_at')
      .eq('intake_id', id)
      .order('number'),
  ]);
  const figures = must(places, 'places')[0] ?? {};
  return {
    intake,
    figures: placeFigures(figures),
    readiness,
    waitlist,
    alerts,
    rounds: must(rounds, 'decision rounds').map((row) => ({
      number: row.number,
      released: row.released,
      final: row.final,
      publishedAt: row.published_at,
    })),
  };
}
