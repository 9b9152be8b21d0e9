import type { CurrencyRates } from '../../lib/convert-money.ts';
import Money from './Money.tsx';
import type { UniversityCard as University } from './types.ts';

/** One university in the list: place, type, ranking, tuition range and course count. */
export default function UniversityCard({
  university,
  display,
  rates,
}: {
  university: University;
  display: string;
  rates: CurrencyRates;
}) {
  const headingId = `university-${university.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-ink-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold text-ink-900">
          <a href={`/universities/${university.slug}`} className="hover:underline">
            {university.name}
          </a>
        </h3>
        {university.isPartner && (
          <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-ink-900">
            Partner
          </span>
        )}
      </div>
      <p className="text-ink-700">
        {university.city}, {university.countryName} · {university.type === 'private' ? 'Private' : 'Public'}
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-ink-600">World ranking</dt>
          <dd>{university.rankingWorld ? `#${university.rankingWorld}` : 'Not ranked'}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Tuition a year</dt>
          <dd>
            {university.tuitionMin === null ? (
              'Varies'
            ) : (
              <>
                from{' '}
                <Money
                  amount={university.tuitionMin}
                  currency={university.currency}
                  display={display}
                  rates={rates}
                />
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">Courses</dt>
          <dd>{university.courseCount}</dd>
        </div>
      </dl>
    </article>
  );
}
