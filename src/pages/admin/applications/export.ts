import type { APIRoute } from 'astro';
import { exportQueue } from '../../../features/admin/review/queue/queue-export.server.ts';

export const prerender = false;

export const GET: APIRoute = (context) => exportQueue(context);
