import { RestError } from '../errors.ts';
import {
  qualified,
  type ComputedRelationship,
  type ForeignKey,
  type Relation,
  type SchemaCache,
} from './types.ts';

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  source: Relation;
  target: Relation;
  constraint: string;
  /** Column pairs (source column, target column) for direct relationships. */
  pairs: [string, string][];
  junction: { relation: Relation; toSource: ForeignKey; toTarget: ForeignKey } | null;
  /** A computed relationship: the function called with the source row. */
  computed?: ComputedRelationship;
}

const isUnique = (relation: Relation, columns: string[]) =>
  relation.uniques.some((u) => u.length === columns.length && u.every((c) => columns.includes(c)));

function direct(source: Relation, target: Relation, fks: ForeignKey[]): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of fks) {
    if (fk.from === source && fk.to === target) {
      found.push({
        cardinality: isUnique(source, fk.columns) ? 'one-to-one' : 'many-to-one',
        source,
        target,
        constraint: fk.name,
        junction: null,
        pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]!]),
      });
    }
    if (fk.to === source && fk.from === target) {
      found.push({
        cardinality: isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many',
        source,
        target,
        constraint: fk.name,
        junction: null,
        pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]!]),
      });
    }
  }
  return found;
}

function manyToMany(source: Relation, target: Relation, fks: ForeignKey[]): Relationship[] {
  const found: Relationship[] = [];
  for (const toSource of fks) {
    if (toSource.to !== source) continue;
    const junction = toSource.from;
    if (junction === source || junction === target) continue;
    for (const toTarget of fks) {
      if (toTarget === toSource || toTarget.from !== junction || toTarget.to !== target) continue;
      const keyed = [...toSource.columns, ...toTarget.columns].every((c) => junction.primaryKey.includes(c));
      if (!keyed) continue;
      found.push({
        cardinality: 'many-to-many',
        source,
        target,
        constraint: junction.name,
        pairs: [],
        junction: { relation: junction, toSource, toTarget },
      });
    }
  }
  return found;
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.constraint === hint) return true;
  if (rel.junction) return rel.junction.toSource.name === hint || rel.junction.toTarget.name === hint;
  return rel.pairs.some(([a, b]) => a === hint || b === hint);
}

const list = (cols: string[]) => `(${cols.join(', ')})`;

function describe(rel: Relationship) {
  const embedding = `${rel.source.name} with ${rel.target.name}`;
  if (rel.junction) {
    const { relation, toSource, toTarget } = rel.junction;
    const relationship = `${relation.name} using ${toSource.name}${list(toSource.columns)} and ${toTarget.name}${list(toTarget.columns)}`;
    return { cardinality: rel.cardinality, embedding, relationship };
  }
  const relationship = `${rel.constraint} using ${rel.source.name}${list(rel.pairs.map((p) => p[0]))} and ${rel.target.name}${list(rel.pairs.map((p) => p[1]))}`;
  return { cardinality: rel.cardinality, embedding, relationship };
}

/** Finds the one relationship an embed names; none → 400 PGRST200, several → 300 PGRST201. */
export function findRelationship(
  cache: SchemaCache,
  source: Relation,
  name: string,
  hint: string | null,
): Relationship {
  const schema = source.schema;
  // A function of the source's row type names the relationship itself, before any foreign key does.
  const computed = cache.computed.find((c) => c.source === source && c.routine.name === name);
  if (computed && hint === null) {
    return {
      cardinality: computed.toOne ? 'many-to-one' : 'one-to-many',
      source,
      target: computed.target,
      constraint: name,
      pairs: [],
      junction: null,
      computed,
    };
  }
  let candidates: Relationship[] = [];
  const target = cache.relations.get(qualified(schema, name));
  if (target)
    candidates = [
      ...direct(source, target, cache.foreignKeys),
      ...manyToMany(source, target, cache.foreignKeys),
    ];
  else {
    // A foreign-key column may name the resource it points to: `select=*,country_id(*)`.
    for (const fk of cache.foreignKeys) {
      if (fk.from === source && fk.columns.length === 1 && fk.columns[0] === name) {
        candidates.push(...direct(source, fk.to, [fk]).filter((r) => r.cardinality !== 'one-to-many'));
      }
    }
  }
  if (hint !== null) candidates = candidates.filter((rel) => matchesHint(rel, hint));
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const using = hint === null ? '' : `' using the hint '${hint}`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${name}' in the schema cache`,
      {
        details: `Searched for a foreign key relationship between '${source.name}' and '${name}${using}' in the schema '${schema}', but no matches were found.`,
      },
    );
  }
  const hints = candidates.map((r) => `'${name}!${r.constraint}'`).join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${name}'`,
    {
      details: candidates.map(describe),
      hint: `Try changing '${name}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
    },
  );
}
