import { useState } from 'react';
import type { z } from 'zod';

/** Where a problem of the whole form shows: a refusal from the server, or a schema of one value without fields. */
export const WHOLE_FORM = '';

/** Each field's first problem, by the field's name (WHOLE_FORM for the form's own). */
export type FieldErrors = Partial<Record<string, string>>;

/** `values` checked by `schema`: the parsed values, or each field's first problem. */
export function checkBySchema<S extends z.ZodType>(
  schema: S,
  values: z.input<S>,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? WHOLE_FORM)] ??= issue.message;
  return { ok: false, errors };
}

/**
 * A form checked by its zod schema, the one the server checks the same input with: `check(values)`
 * answers the parsed values, or undefined once each field's first problem is in `errors`;
 * `fail(message)` shows a refusal (by default as the whole form's problem); `clear` forgets them.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    errors,
    check(values: z.input<S>): z.output<S> | undefined {
      const checked = checkBySchema(schema, values);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok ? checked.data : undefined;
    },
    fail: (message: string, field = WHOLE_FORM) => setErrors({ [field]: message }),
    /** Forgets one field's problem (as its value changes), or every problem. */
    clear: (field?: string) => setErrors((shown) => (field === undefined ? {} : { ...shown, [field]: undefined })),
  };
}
