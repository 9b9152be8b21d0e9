/**
 * The smallest claim set GoTrue accepts back from a Custom Access Token hook: these claims must be
 * present, and the typed ones (present or not) must have their type. Anything else is the hook's.
 */
const required = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
] as const;

type ClaimType = 'string' | 'integer' | 'object' | 'aud' | 'amr';

const types: Record<string, ClaimType> = {
  aud: 'aud',
  exp: 'integer',
  iat: 'integer',
  nbf: 'integer',
  jti: 'string',
  iss: 'string',
  sub: 'string',
  email: 'string',
  phone: 'string',
  role: 'string',
  aal: 'string',
  session_id: 'string',
  client_id: 'string',
  app_metadata: 'object',
  user_metadata: 'object',
  amr: 'amr',
};

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: ClaimType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'object':
      return isObject(value);
    case 'aud':
      return typeof value === 'string' || Array.isArray(value);
    case 'amr':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' || isObject(item));
  }
}

const expected: Record<ClaimType, string> = {
  string: 'a string',
  integer: 'an integer',
  object: 'an object',
  aud: 'a string or an array',
  amr: 'an array of strings or objects',
};

/** What is wrong with the claims, one line per problem; empty when they may be signed. */
export function claimProblems(claims: Record<string, unknown>): string[] {
  const missing = required.filter((name) => !(name in claims)).map((name) => `${name} is required`);
  const mistyped = Object.entries(types)
    .filter(([name, type]) => name in claims && !hasType(claims[name], type))
    .map(([name, type]) => `${name} must be ${expected[type]}`);
  return [...missing, ...mistyped];
}
