import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { adminContext } from '../admin-context.server.ts';
import { intakeListHref, intakeQuery, readIntakeFilters } from './intake-filters.ts';
import { moveBetween, type IntakeMove } from './intake-status.ts';
import { getIntake, type IntakeSummary } from './intakes.server.ts';

export interface ConfirmModel {
  intake: IntakeSummary;
  /** Undefined when the intake has moved on since the button was shown. */
  move: IntakeMove | undefined;
  /** Where the confirmed form posts: the list the administrator came from, so they land back on it. */
  action: string;
  backHref: string;
}

const confirmQuery = z.object({ intake: z.uuid(), to: z.string().max(40) });

/**
 * /admin-intake/confirm: the step between "Close" (or "Publish decisions", "Archive") and the change,
 * saying what it will do. A page rather than a script dialog, so it works without JavaScript.
 */
export async function loadConfirmPage(astro: AstroGlobal): Promise<ConfirmModel | Response> {
  const context = adminContext(astro);
  if (context instanceof Response) return context;
  const params = astro.url.searchParams;
  const query = confirmQuery.safeParse({ intake: params.get('intake'), to: params.get('to') ?? '' });
  if (!query.success) return new Response(null, { status: 404 });
  const intake = await getIntake(context.supabase, query.data.intake);
  if (!intake) return new Response(null, { status: 404 });
  const back = readIntakeFilters(new URLSearchParams(params.get('back') ?? ''));
  const backQuery = intakeQuery(back);
  return {
    intake,
    move: moveBetween(intake.status, query.data.to),
    action: backQuery ? `/admin-intake?${backQuery}` : '/admin-intake',
    backHref: intakeListHref(back),
  };
}
