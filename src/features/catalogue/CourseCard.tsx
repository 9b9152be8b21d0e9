import type { CurrencyRates } from '../../lib/convert-money.ts';
import CompareButton from './CompareButton.tsx';
import { formatDay } from '../../lib/format-day.ts';
import { durationLabel, levelLabel, MODE_LABELS } from './labels.ts';
import Money from './Money.tsx';
import SaveButton from './SaveButton.tsx';
import type { CourseCard as Course } from './types.ts';

export interface CourseCardProps {
  course: Course;
  display: string;
  rates: CurrencyRates;
}

/** One search result: the facts people filter on, and save, compare and apply. */
export default function CourseCard({ course, display, rates }: CourseCardProps) {
  const headingId = `course-${course.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-ink-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-brand-700">
        {levelLabel(course.level)} · {course.field}
      </p>
      <h3 id={headingId} className="mt-1 text-lg font-bold text-ink-900">
        <a href={`/courses/${course.slug}`} className="hover:underline">
          {course.title}
        </a>
      </h3>
      <p className="text-ink-700">
        {course.universityName}, {course.universityCity} ({course.countryCode})
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink-600">Tuition</dt>
          <dd>
            <Money
              amount={course.tuitionAmount}
              currency={course.tuitionCurrency}
              display={display}
              rates={rates}
              suffix={course.tuitionPeriod === 'year' ? ' a year' : ' in total'}
            />
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">Duration</dt>
          <dd>
            {durationLabel(course.durationMonths)}, {MODE_LABELS[course.studyMode] ?? course.studyMode}
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">Next deadline</dt>
          <dd>{course.nextDeadline ? formatDay(course.nextDeadline) : 'No open intake'}</dd>
        </div>
        <div>
          <dt className="text-ink-600">English</dt>
          <dd>{course.minIelts === null ? 'No minimum listed' : `IELTS ${course.minIelts.toFixed(1)}`}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <SaveButton courseId={course.id} title={course.title} />
        <CompareButton courseId={course.id} title={course.title} />
        <a
          href={`/admission-application?course=${course.id}`}
          className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
          aria-label={`Apply: ${course.title}`}
        >
          Apply
        </a>
      </div>
    </article>
  );
}
