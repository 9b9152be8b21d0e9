import type { APIRoute } from 'astro';
import { signOutEverywhere } from '../../../features/auth/sign-out.server.ts';

export const prerender = false;

/** Signs out this browser (`local`), every device (`global`) or every other device (`others`). */
export const POST: APIRoute = (context) => signOutEverywhere(context);
