import type { FormState } from './catalogue-post.server.ts';

/** What every catalogue field takes from its form: the id prefix, its name and label, and what was sent. */
export interface FieldProps<Name extends string> {
  formId: string;
  name: Name;
  label: string;
  defaultValue: string;
  error: string | undefined;
}

/** The props of a form's fields by name, so each field says only what is particular to it. */
export function fieldPropsOf<Name extends string>(
  formId: string,
  labels: Readonly<Record<Name, string>>,
  state: FormState,
): (name: Name) => FieldProps<Name> {
  return (name) => ({
    formId,
    name,
    label: labels[name],
    defaultValue: state.values[name] ?? '',
    error: state.errors[name],
  });
}
