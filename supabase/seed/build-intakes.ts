import type { Course } from './build-courses.ts';
import type { Random } from './prng.ts';
import type { SqlValue } from './sql.ts';

/**
 * Intakes for the 2027 and 2028 starts, dated around 2026-11-21: the next cycle open with
 * upcoming deadlines, an earlier one closed, later ones announced with an opening date ahead.
 */
interface Cycle {
  term: string;
  start: [number, number, number];
  opens: [number, number, number];
  deadline: [number, number, number];
  status: 'open' | 'closed';
  share: number;
}

const north: readonly Cycle[] = [
  {
    term: 'January 2027',
    start: [2027, 1, 18],
    opens: [2026, 4, 1],
    deadline: [2026, 10, 31],
    status: 'closed',
    share: 0.2,
  },
  {
    term: 'September 2027',
    start: [2027, 9, 20],
    opens: [2026, 9, 1],
    deadline: [2027, 1, 15],
    status: 'open',
    share: 1,
  },
  {
    term: 'January 2028',
    start: [2028, 1, 17],
    opens: [2027, 3, 1],
    deadline: [2027, 10, 31],
    status: 'open',
    share: 0.4,
  },
  {
    term: 'September 2028',
    start: [2028, 9, 18],
    opens: [2027, 9, 1],
    deadline: [2028, 1, 15],
    status: 'open',
    share: 0.5,
  },
];
const south: readonly Cycle[] = [
  {
    term: 'February 2027',
    start: [2027, 2, 22],
    opens: [2026, 5, 1],
    deadline: [2026, 12, 1],
    status: 'open',
    share: 1,
  },
  {
    term: 'July 2027',
    start: [2027, 7, 19],
    opens: [2026, 10, 1],
    deadline: [2027, 5, 31],
    status: 'open',
    share: 0.6,
  },
  {
    term: 'February 2028',
    start: [2028, 2, 21],
    opens: [2027, 5, 1],
    deadline: [2027, 12, 1],
    status: 'open',
    share: 0.5,
  },
];

const day = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

export function buildIntakes(
  random: Random,
  courses: readonly Course[],
  countryOf: (universityId: string) => string,
): Record<string, SqlValue>[] {
  return courses.flatMap((course) => {
    const cycles = ['AU', 'NZ'].includes(countryOf(course.university_id)) ? south : north;
    return cycles
      .filter((cycle) => cycle.share === 1 || random.chance(cycle.share))
      .map((cycle) => {
        const start = Date.UTC(cycle.start[0], cycle.start[1] - 1, cycle.start[2]) + random.int(0, 9) * day;
        const latest =
          Date.UTC(cycle.deadline[0], cycle.deadline[1] - 1, cycle.deadline[2]) +
          random.int(0, cycle.status === 'closed' ? 10 : 45) * day;
        const deadline = Math.min(latest, start - 14 * day);
        const opens = Date.UTC(cycle.opens[0], cycle.opens[1] - 1, cycle.opens[2]);
        const replyBy = Math.min(deadline + random.int(4, 8) * 7 * day, start - 7 * day);
        const laterCycle = cycle.term.endsWith('2028');
        return {
          id: random.uuid(),
          course_id: course.id,
          term: cycle.term,
          start_date: iso(start),
          opens_at: iso(opens),
          deadline: iso(deadline),
          reply_by: iso(Math.max(replyBy, deadline)),
          capacity: course.level === 'doctorate' ? random.int(4, 20) : random.int(3, 25) * 10,
          status: laterCycle && random.chance(0.05) ? 'draft' : cycle.status,
        };
      });
  });
}
