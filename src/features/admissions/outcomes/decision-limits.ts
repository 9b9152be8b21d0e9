/**
 * The longest texts a decision holds, the same as the database's checks; the single and bulk
 * decision forms use them for their schemas and their maxlength attributes.
 */
export const DECISION_LIMITS = {
  conditions: 4000,
  reasonDetail: 2000,
  override: 1000,
  cancelNote: 1000,
} as const;
