-- Every search step has an index path (GIN for text and filter lexemes, the covering sort indexes
-- for pages and counts). With a LIMIT the planner otherwise walks the table for a common word,
-- checking thousands of tsvectors to fill 1,001 matches that the GIN index lists directly.
alter function public.search_courses(
  text, text[], text[], text[], uuid[], numeric, integer, integer, text[], text[], integer, text, integer, integer
) set enable_seqscan = off;
