import type { APIRoute } from 'astro';
import { exportAudit } from '../../../features/admin/audit/audit-export.server.ts';

export const prerender = false;

export const GET: APIRoute = (context) => exportAudit(context);
