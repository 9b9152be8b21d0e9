/**
 * A value handed to an island as one JSON text. Astro serialises island props value by value, tagging
 * each one, and does it twice per island (once to name it, once to write it); a list of results that way
 * cost a catalogue page about half a millisecond of the server's CPU, where JSON.stringify takes a few
 * hundredths. Only for plain data: strings, numbers, booleans, null, arrays and objects of those.
 */
export type IslandJson<T> = string & { readonly islandJsonOf: T };

export function toIslandJson<T>(value: T): IslandJson<T> {
  return JSON.stringify(value) as IslandJson<T>;
}

export function fromIslandJson<T>(json: IslandJson<T>): T {
  return JSON.parse(json) as T;
}
