import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text a reader of the PDF sees, page by page joined by lines, and its page count. */
export async function pdfText(data: Uint8Array): Promise<{ text: string; pages: number; title: string }> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  const result = { text: pages.join('\n'), pages: pdf.numPages, title: info.Title ?? '' };
  await pdf.destroy();
  return result;
}
