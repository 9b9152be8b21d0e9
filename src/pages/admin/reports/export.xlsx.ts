import type { APIRoute } from 'astro';
import { exportReport } from '../../../features/admin/reports/report-export.server.ts';

export const prerender = false;

export const GET: APIRoute = (context) => exportReport(context, 'xlsx');
