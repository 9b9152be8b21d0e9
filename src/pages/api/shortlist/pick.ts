import type { APIRoute } from 'astro';
import { handlePick } from '../../../features/shortlist/pick.server.ts';

export const prerender = false;

/** Save and Compare without JavaScript (or before it has loaded): a plain form post. */
export const POST: APIRoute = (context) => handlePick(context);
