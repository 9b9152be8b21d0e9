import type { APIRoute } from 'astro';
import { loadFees } from '../../../../features/payments/fees.server.ts';
import { renderInvoicePdf } from '../../../../features/payments/invoice-pdf.server.ts';
import { bankDetails } from '../../../../features/payments/providers/registry.server.ts';

export const prerender = false;

/** One invoice of the applicant's own application as a PDF; 404 for anyone else's. */
export const GET: APIRoute = async ({ params, locals, url, redirect }) => {
  const { user, supabase } = locals;
  if (!user || !supabase) return redirect(`/auth?next=${encodeURIComponent(url.pathname)}`, 303);
  const page = await loadFees(supabase, params['id'] ?? '');
  const invoice = page?.invoices.find((item) => item.id === params['invoice']);
  if (!page || !invoice) return new Response('Not found', { status: 404 });
  const pdf = await renderInvoicePdf(invoice, page.applicantName, bankDetails());
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${invoice.reference}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
};
