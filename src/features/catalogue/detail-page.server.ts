import { getCourse, type CourseDetail } from './course-detail.server.ts';
import { catalogueBasics, type CatalogueBasics, type CatalogueContext } from './page-context.server.ts';
import { parseDetailKey } from './slug.ts';
import { getUniversity, type UniversityDetail } from './university-detail.server.ts';

export type DetailOutcome<T> =
  | { kind: 'found'; row: T; basics: CatalogueBasics }
  | { kind: 'moved'; location: string }
  | { kind: 'missing' };

function outcome<T extends { slug: string }>(
  row: T | null,
  raw: string,
  prefix: string,
  url: URL,
  basics: CatalogueBasics,
): DetailOutcome<T> {
  if (!row) return { kind: 'missing' };
  // Ids, upper case and other older forms all move permanently to the one canonical address.
  if (raw !== row.slug) return { kind: 'moved', location: `${prefix}/${row.slug}${url.search}` };
  return { kind: 'found', row, basics };
}

export async function loadCourseDetail(
  context: CatalogueContext,
  headers: Headers,
  raw: string,
): Promise<DetailOutcome<CourseDetail>> {
  const basics = await catalogueBasics(context, headers);
  const row = await getCourse(basics.supabase, parseDetailKey(raw));
  return outcome(row, raw, '/courses', context.url, basics);
}

export async function loadUniversityDetail(
  context: CatalogueContext,
  headers: Headers,
  raw: string,
): Promise<DetailOutcome<UniversityDetail>> {
  const basics = await catalogueBasics(context, headers);
  const row = await getUniversity(basics.supabase, parseDetailKey(raw));
  return outcome(row, raw, '/universities', context.url, basics);
}
