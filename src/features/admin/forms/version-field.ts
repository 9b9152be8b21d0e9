import { z } from 'zod';

/**
 * The version of the application the form was rendered from. Every write names it, so a change
 * made by someone else since is refused instead of overwritten.
 */
export const versionField = z.coerce
  .number('This form does not say which version of the application it is based on. Reload the page.')
  .int()
  .positive('This form does not say which version of the application it is based on. Reload the page.');
