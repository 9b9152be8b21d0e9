import { formatDay } from '../../../lib/format-day.ts';
import type { CourseOption, IntakeOption } from '../types.ts';
import type { StepProps } from './step-props.ts';

export interface CourseStepProps extends StepProps {
  course: CourseOption | null;
  intakes: readonly IntakeOption[];
}

/** The course being applied to and a choice among its intakes that accept applications now. */
export default function CourseStep({ draft, errors, formId, update, course, intakes }: CourseStepProps) {
  if (!course) {
    return (
      <p className="text-ink-700">
        Choose a course to apply to first.{' '}
        <a className="font-semibold text-brand-700 underline" href="/courses">
          Find a course
        </a>
      </p>
    );
  }
  const error = errors['intake_id'];
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-lg bg-ink-50 p-4 ring-1 ring-ink-200">
        <p className="text-lg font-semibold text-ink-950">{course.title}</p>
        <p className="text-ink-700">{course.university_name}</p>
        <a
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
          href={`/courses/${course.slug}`}
        >
          Course details
        </a>
      </div>
      {intakes.length === 0 ? (
        <p className="font-medium text-ink-900">
          No intake of this course accepts applications right now.{' '}
          <a className="text-brand-700 underline" href="/courses">
            Find another course
          </a>
        </p>
      ) : (
        <fieldset
          aria-describedby={error ? `${formId}-intake_id-error` : undefined}
          id={`${formId}-intake_id`}
        >
          <legend className="mb-2 font-medium text-ink-900">When do you want to start?</legend>
          {error ? (
            <p id={`${formId}-intake_id-error`} className="mb-2 text-sm font-medium text-danger-600">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col gap-2">
            {intakes.map((intake) => (
              <div
                key={intake.id}
                className="flex min-h-11 items-start gap-3 rounded-lg p-3 ring-1 ring-ink-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <input
                  id={`intake-${intake.id}`}
                  type="radio"
                  name="intake_id"
                  value={intake.id}
                  checked={draft.intake_id === intake.id}
                  onChange={() => update(() => ({ course_id: course.id, intake_id: intake.id }))}
                  className="mt-1 size-4"
                />
                <label htmlFor={`intake-${intake.id}`} className="cursor-pointer">
                  <span className="block font-semibold text-ink-950">{intake.term}</span>
                  <span className="block text-sm text-ink-700">
                    Starts {formatDay(intake.start_date)} · Apply by {formatDay(intake.deadline)}
                  </span>
                  {intake.is_full ? (
                    <span className="block text-sm font-medium text-ink-900" data-testid="intake-full">
                      Full: every place is held. You can still apply, and join the waiting list.
                    </span>
                  ) : null}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
