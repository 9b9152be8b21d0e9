import type { APIRoute } from 'astro';
import { exportLeads } from '../../../features/admin/leads/lead-export.server.ts';

export const prerender = false;

export const GET: APIRoute = (context) => exportLeads(context);
