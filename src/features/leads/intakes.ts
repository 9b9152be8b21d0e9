/** The months most universities start courses in. */
const INTAKE_MONTHS = [1, 5, 9];

export interface IntakeOption {
  value: string;
  label: string;
}

/** The next `count` January, May and September intakes after `now`, as YYYY-MM values. */
export function upcomingIntakes(now: Date, count = 6): IntakeOption[] {
  const options: IntakeOption[] = [];
  const format = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  let year = now.getUTCFullYear();
  while (options.length < count) {
    for (const month of INTAKE_MONTHS) {
      const start = new Date(Date.UTC(year, month - 1, 1));
      if (start <= now || options.length >= count) continue;
      options.push({ value: `${year}-${String(month).padStart(2, '0')}`, label: format.format(start) });
    }
    year += 1;
  }
  return options;
}
