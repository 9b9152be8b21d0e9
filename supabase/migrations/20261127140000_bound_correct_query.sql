-- "Did you mean" probes the trigram index once per unknown word, so its cost grows with the words it
-- is given (500 words took over a second). The app sends at most 120 characters of search text;
-- anything longer than 200 is refused before any lookup, answering 400 through the Data API.
create or replace function public.correct_query(q text) returns text
language plpgsql stable
set search_path = ''
as $$
begin
  if length(q) > 200 then
    raise exception 'correct_query takes at most 200 characters'
      using hint = 'Send the search text as typed; longer text is not corrected';
  end if;
  return (
    with words as (
      select w, n from regexp_split_to_table(lower(btrim(q)), '\s+') with ordinality as x (w, n)
      where w <> ''
    ),
    fixed as (
      select n, w, coalesce(
        (select t.term from public.search_terms t where t.term = w),
        (select t.term from public.search_terms t
         where length(w) >= 3 and t.term !~ '\s' and t.term operator(extensions.%) w
         order by extensions.similarity(t.term, w) desc, t.frequency desc limit 1),
        w) as best
      from words
    )
    select case when bool_or(best <> w) then string_agg(best, ' ' order by n) end from fixed
  );
end
$$;
