import type { StoredMessage } from './index.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain page listing the newest messages, with their links made clickable. */
export function renderMailboxPage(messages: StoredMessage[]): string {
  const items = messages
    .map((m) => {
      const body = escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      // The HTML part as a mail client shows it: sandboxed, so its scripts and forms never run here.
      const html = m.html
        ? `<details><summary>HTML version</summary><iframe title="HTML version of ${escape(m.subject)}" sandbox srcdoc="${escape(m.html)}"></iframe></details>`
        : '';
      const files = (m.attachments ?? [])
        .map((file) => `<li>${escape(file.filename)} (${escape(file.content_type)}, ${file.size} bytes)</li>`)
        .join('');
      const attached = files ? `<p>Attached:</p><ul>${files}</ul>` : '';
      return `<article><h2>${escape(m.subject)}</h2><p><small>${escape(m.channel)} to ${escape(m.to)} · ${escape(m.kind)} · ${escape(m.created_at)}</small></p><pre>${body}</pre>${attached}${html}</article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}article{border-bottom:1px solid #ddd;padding-bottom:1rem}iframe{width:100%;min-height:16rem;border:1px solid #ddd}</style>
</head><body><h1>Local mailbox</h1><p>E-mails and text messages the local stack would have sent, newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
}
