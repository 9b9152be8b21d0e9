import type { JsonLd } from '../../lib/seo/json-ld.ts';
import type { CourseDetail } from './course-detail.server.ts';
import type { UniversityDetail } from './university-detail.server.ts';

/** schema.org CollegeOrUniversity for a university page. */
export function universityJsonLd(site: URL, university: UniversityDetail): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollegeOrUniversity',
    '@id': new URL(`/universities/${university.slug}#organization`, site).href,
    name: university.name,
    description: university.description,
    url: new URL(`/universities/${university.slug}`, site).href,
    ...(university.website ? { sameAs: university.website } : {}),
    ...(university.founded_year ? { foundingDate: String(university.founded_year) } : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: university.city,
      addressCountry: university.country_code,
    },
  };
}

/** schema.org Course with its provider, fee and upcoming instances. */
export function courseJsonLd(site: URL, course: CourseDetail): JsonLd {
  const university = course.universities;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url: new URL(`/courses/${course.slug}`, site).href,
    educationalLevel: course.level,
    inLanguage: course.language,
    provider: {
      '@type': 'CollegeOrUniversity',
      name: university.name,
      url: new URL(`/universities/${university.slug}`, site).href,
    },
    offers: {
      '@type': 'Offer',
      category: 'Tuition',
      price: course.tuition_amount,
      priceCurrency: course.tuition_currency,
    },
    hasCourseInstance: course.intakes
      .filter((intake) => intake.status === 'open')
      .map((intake) => ({
        '@type': 'CourseInstance',
        name: intake.term,
        startDate: intake.start_date,
        courseMode: course.study_mode === 'online' ? 'online' : 'onsite',
      })),
  };
}
