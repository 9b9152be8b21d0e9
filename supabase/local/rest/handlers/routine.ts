import { RestError } from '../errors.ts';
import { closest, type RestRequest } from '../request.ts';
import { qualified, type Routine, type SchemaCache } from '../schema/types.ts';

export interface Chosen {
  routine: Routine;
  /** Names of the parameters the request gives. */
  given: string[];
  /** The whole body goes to the single unnamed json/jsonb parameter. */
  wholeBody: boolean;
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

function candidates(routines: Routine[], keys: string[], post: boolean): Chosen[] {
  const named = routines.flatMap((routine) => {
    const names = routine.params.map((p) => p.name);
    const given = post ? keys : keys.filter((k) => names.includes(k));
    const fits =
      given.every((k) => names.includes(k)) &&
      routine.params.every((p) => p.hasDefault || given.includes(p.name));
    return fits ? [{ routine, given, wholeBody: false }] : [];
  });
  if (named.length || !post) return named;
  return routines
    .filter((r) => r.params.length === 1 && r.params[0]!.name === '' && isJson(r.params[0]!.type))
    .map((routine) => ({ routine, given: [], wholeBody: true }));
}

function notFound(
  request: RestRequest,
  cache: SchemaCache,
  name: string,
  keys: string[],
  post: boolean,
  overloads: Routine[],
) {
  const fn = `${request.schema}.${name}`;
  const sorted = [...keys].sort();
  const params = sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
  const with_ = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
    : ' without parameters';
  let hint: string | null = null;
  if (overloads.length)
    hint = `Perhaps you meant to call the function ${fn}(${overloads[0]!.params
      .map((p) => p.name)
      .sort()
      .join(', ')})`;
  else {
    const names = [...cache.routines.values()]
      .flat()
      .filter((r) => r.schema === request.schema)
      .map((r) => r.name);
    const similar = closest(name, names);
    if (similar) hint = `Perhaps you meant to call the function ${request.schema}.${similar}`;
  }
  return new RestError(404, 'PGRST202', `Could not find the function ${fn}${params} in the schema cache`, {
    details: `Searched for the function ${fn}${with_}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  });
}

/** Picks the function overload the arguments name: 404 PGRST202 when none fits, 300 PGRST203 when several do. */
export async function chooseRoutine(request: RestRequest, name: string, keys: string[], post: boolean) {
  let cache = await request.schemas.get();
  let routines = cache.routines.get(qualified(request.schema, name)) ?? [];
  let found = candidates(routines, keys, post);
  if (found.length === 0) {
    cache = await request.schemas.get(true);
    routines = cache.routines.get(qualified(request.schema, name)) ?? [];
    found = candidates(routines, keys, post);
  }
  if (found.length === 0) throw notFound(request, cache, name, keys, post, routines);
  if (found.length > 1) {
    const list = found.map(
      ({ routine: r }) =>
        `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
    );
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.join(', ')}`,
      {
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      },
    );
  }
  return { cache, chosen: found[0]! };
}
