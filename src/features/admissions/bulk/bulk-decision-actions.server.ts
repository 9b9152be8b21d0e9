import type { SupabaseClient } from '@supabase/supabase-js';
import type { DecisionReason } from '../outcomes/decision-reasons.server.ts';
import { decideAction } from './bulk-decide.server.ts';
import type { BulkCommand } from './bulk-form.ts';
import { releaseAction } from './bulk-release.server.ts';
import { replyByAction } from './bulk-reply-by.server.ts';
import type { BulkAction } from './bulk-types.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface DecisionActionContext {
  supabase: SupabaseClient<Database>;
  mayRelease: boolean;
  reasons: readonly DecisionReason[];
}

/**
 * The decision changes a bulk command may ask for: decide, approve, release, approve and release,
 * or a new reply-by date for open offers.
 */
export function decisionAction(context: DecisionActionContext, command: BulkCommand): BulkAction | null {
  const { supabase, mayRelease, reasons } = context;
  if (command.action === 'decide') return decideAction({ supabase, approves: mayRelease, reasons }, command);
  if (command.action === 'assign' || command.action === 'readers') return null;
  if (command.action === 'reply_by') return replyByAction(supabase, command.reply_by, command.reply_note);
  return releaseAction(supabase, command.action, mayRelease);
}
