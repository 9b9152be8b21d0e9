import { STEPS, type StepId } from './steps.ts';

export interface StepperProps {
  current: StepId;
  incomplete: readonly StepId[];
  onSelect: (step: StepId) => void;
}

/** The list of steps; any step can be opened, the current one is marked for assistive technology. */
export default function Stepper({ current, incomplete, onSelect }: StepperProps) {
  return (
    <nav aria-label="Application steps">
      <ol className="flex flex-col gap-1">
        {STEPS.map((step, index) => {
          const here = step.id === current;
          const done = step.id !== 'review' && !incomplete.includes(step.id);
          return (
            <li key={step.id}>
              <button
                type="button"
                aria-current={here ? 'step' : undefined}
                onClick={() => onSelect(step.id)}
                className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left ${here ? 'bg-brand-50 font-semibold text-brand-900 ring-1 ring-brand-300' : 'text-ink-800 hover:bg-ink-100'}`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm ${done ? 'bg-success-600 text-white' : 'bg-white ring-1 ring-ink-300'}`}
                >
                  {done ? '✓' : index + 1}
                </span>
                <span>
                  {step.title}
                  {done ? <span className="sr-only"> (complete)</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
