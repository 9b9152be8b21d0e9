/** Names shared by the server check and the browser code that sends the token. */
export const CSRF_FIELD = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
