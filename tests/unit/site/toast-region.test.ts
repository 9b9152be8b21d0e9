import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import ToastRegion from '../../../src/components/ToastRegion.tsx';
import { clearToasts, pushToast } from '../../../src/stores/toasts.ts';

afterEach(() => clearToasts());

const render = () => renderToStaticMarkup(createElement(ToastRegion));

/** The alert region is rendered before the status region, so the markup splits cleanly between them. */
function regions(html: string) {
  const [alert = '', status = ''] = html.split('data-toast-region="status"');
  return { alert: alert.slice(alert.indexOf('data-toast-region="alert"')), status };
}

describe('toast region markup', () => {
  it('renders both live regions empty, so screen readers track them before any toast', () => {
    const html = render();
    expect(html).toMatch(/<div role="alert"[^>]*data-toast-region="alert"/);
    expect(html).toMatch(/<div role="status" aria-live="polite"[^>]*data-toast-region="status"/);
    expect(html).not.toContain('data-kind');
  });

  it('announces errors assertively and everything else politely, each with a dismiss button', () => {
    pushToast({
      title: 'Rate Limit',
      message: 'Too many requests. Please wait a moment before trying again.',
      kind: 'warning',
    });
    pushToast({ title: 'Authentication Error', message: 'Please sign in again.', kind: 'error' });
    const html = render();
    const { alert, status } = regions(html);
    expect(alert).toContain('Please sign in again.');
    expect(alert).not.toContain('Rate Limit');
    expect(status).not.toContain('Authentication Error');
    expect(status).toContain('Too many requests. Please wait a moment before trying again.');
    expect(html).toContain('aria-label="Dismiss: Authentication Error"');
    expect(html).toContain('aria-label="Dismiss: Rate Limit"');
  });

  it('renders toast text as text, never as markup', () => {
    pushToast({ title: '<img src=x onerror=alert(1)>', message: '<b>bold</b>' });
    const html = render();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});
