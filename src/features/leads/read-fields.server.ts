import { formFields } from '../../lib/security/form-input.ts';

/** The posted fields as strings, from form data or a flat JSON object; undefined when unreadable. */
export async function readLeadFields(request: Request): Promise<Record<string, string> | undefined> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = await request.json();
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(body)) {
        if (['string', 'number', 'boolean'].includes(typeof value)) fields[name] = String(value);
      }
      return fields;
    }
    return formFields(await request.formData());
  } catch {
    return undefined;
  }
}
