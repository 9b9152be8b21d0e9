/** `day` moved by `days` calendar days, as YYYY-MM-DD (UTC, as the database counts days). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The days an offer takes when the decision names none, as apply_decision sets them: the intake's
 * reply-by date, at least two weeks away (four weeks when the intake has none); conditions due two
 * weeks before the intake starts, at least two weeks away.
 */
export function decisionDefaults(
  intake: { reply_by: string | null; start_date: string },
  today: string,
): { replyBy: string; conditionsDeadline: string } {
  return {
    replyBy: later(intake.reply_by ?? addDays(today, 28), addDays(today, 14)),
    conditionsDeadline: later(addDays(intake.start_date, -14), addDays(today, 14)),
  };
}
