import type { APIRoute } from 'astro';
import { completeEmailLink } from '../../features/auth/callback.server.ts';

export const prerender = false;

/** Where e-mailed links land (PKCE): the code is exchanged for a session on the server. */
export const GET: APIRoute = (context) => completeEmailLink(context);
