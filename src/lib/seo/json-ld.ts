export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

/**
 * JSON for an inline `<script type="application/ld+json">`. `<`, `>` and `&` are escaped so text
 * from content can never close the script element or open a comment.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
