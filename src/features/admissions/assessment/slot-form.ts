const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const whole = (raw: string | undefined, fallback: number) => {
  const text = (raw ?? '').trim();
  return text === '' ? fallback : /^\d{1,4}$/.test(text) ? Number(text) : NaN;
};

/** The slot form: a day, start times ("09:00, 09:30"), and what every slot shares. */
export function parseSlotForm(fields: Record<string, string>) {
  const day = (fields['day'] ?? '').trim();
  if (!DAY.test(day)) return { ok: false as const, message: 'Give the day of the interviews.' };
  const times = (fields['times'] ?? '')
    .split(/[\s,;]+/)
    .map((time) => time.trim())
    .filter(Boolean);
  if (times.length === 0)
    return { ok: false as const, message: 'Give at least one start time, such as 09:00.' };
  const wrong = times.find((time) => !TIME.test(time));
  if (wrong)
    return { ok: false as const, message: `“${wrong.slice(0, 20)}” is not a time: write it as 14:30.` };
  if (times.length > 200) return { ok: false as const, message: 'Give at most 200 start times at once.' };
  const duration = whole(fields['duration'], 30);
  const seats = whole(fields['seats'], 1);
  const cutoff = whole(fields['cutoff'], 24);
  if ([duration, seats, cutoff].some(Number.isNaN))
    return { ok: false as const, message: 'Give the length, seats and cut-off as whole numbers.' };
  return {
    ok: true as const,
    value: {
      starts: times.map((time) => `${day}T${time}:00`),
      duration,
      seats,
      cutoff,
      timeZone: (fields['time_zone'] ?? 'UTC').trim(),
      location: (fields['location'] ?? '').trim(),
      online: fields['online'] === 'yes',
      interviewer: (fields['interviewer'] ?? '').trim() || null,
    },
  };
}
