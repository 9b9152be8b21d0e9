const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from an address or a form is a UUID (the id of a row), before it reaches a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
