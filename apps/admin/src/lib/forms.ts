import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api';

/** Maps an error's path in the API body ("sizes.0.stock") to the form field that shows it ("stock.3"). */
export type FieldOf = (path: string) => string;

const samePath: FieldOf = (path) => path;

/**
 * A react-hook-form resolver over the contract: the form's raw values (strings from inputs) are
 * turned into the API body by `toBody`, checked with the same zod schema the server uses, and each
 * problem is put on the field `fieldOf` names. On success the form submits the body itself.
 */
export function contractResolver<Raw extends FieldValues, Body>(
  schema: z.ZodType<Body>,
  toBody: (raw: Raw) => unknown,
  fieldOf: FieldOf = samePath,
): Resolver<Raw, unknown, Body> {
  return (raw, _context, options) => {
    const result = schema.safeParse(toBody(raw));
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.join('.')) || 'root.form';
      flat[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors<Raw>(flat, options) };
  };
}

/** Shows a failed save on the form: the server's field errors on their fields, its message above the buttons. */
export function showServerErrors<Raw extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Raw>,
  fieldOf: FieldOf = samePath,
): void {
  if (error instanceof ApiError) {
    for (const [path, messages] of Object.entries(error.errors)) {
      const [message] = messages;
      if (message) setError(fieldOf(path) as Path<Raw>, { type: 'server', message });
    }
  }
  setError('root.server', { type: 'server', message: errorMessage(error) });
}

/** '' → undefined (so the schema says the field is required), anything else → a number (NaN says "enter a number"). */
export function numberOrEmpty(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** '' → null (the API's "none"), anything else → a number. */
export function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** An ISO instant as a `datetime-local` input's value, on this computer's clock. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO instant; '' → null. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
