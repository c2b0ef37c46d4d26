import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A schema whose input and output are form values (objects keyed by field name). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** Maps a problem's path in the checked body ("sizes.0.stock") to the form field that shows it ("stock.s3"). */
export type FieldOf = (path: string) => string;

/** react-hook-form's options, less the resolver, which the schema makes. */
type FormOptions<Values extends FieldValues, Output> = Omit<UseFormProps<Values, unknown, Output>, 'resolver'>;

/** How the inputs of a form become the body its schema checks, and where that body's problems are shown. */
export interface BodyOf<Values extends FieldValues> {
  /** The body the inputs say (strings turned into numbers, blanks left out); the schema checks it and the form submits it. */
  toBody: (values: Values) => unknown;
  /** The field that shows a problem of the body, by its path; the same path unless given. */
  fieldOf?: FieldOf | undefined;
}

const samePath: FieldOf = (path) => path;

/**
 * A resolver that checks `toBody(values)` with `schema` and puts each problem (the first one for a field) on the
 * field `fieldOf` names; a problem of the whole body, which names no field, is the form's (`root.form`).
 */
function bodyResolver<Values extends FieldValues, S extends z.ZodType>(
  schema: S,
  { toBody, fieldOf = samePath }: BodyOf<Values>,
): Resolver<Values, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toBody(values));
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.join('.')) || 'root.form';
      flat[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors<Values>(flat, options) };
  };
}

/**
 * A react-hook-form form checked by a zod schema and typed from it: the inputs hold the schema's input and
 * the submit handler receives its output. A form whose inputs are narrower than what the API takes (strings
 * where the API also takes numbers) passes a schema that reads those inputs and pipes them on.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options?: FormOptions<z.input<S>, z.output<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>>;
/**
 * A form whose inputs are turned into a different body (text into numbers, cells into a list): `toBody` makes
 * the body, the schema checks it (the server's own), `fieldOf` shows each problem on its field, and the submit
 * handler receives the checked body.
 */
export function useZodForm<Values extends FieldValues, S extends z.ZodType>(
  schema: S,
  options: FormOptions<NoInfer<Values>, z.output<S>> & BodyOf<Values>,
): UseFormReturn<Values, unknown, z.output<S>>;
export function useZodForm(
  schema: FormSchema,
  options: FormOptions<FieldValues, FieldValues> & Partial<BodyOf<FieldValues>> = {},
): UseFormReturn<FieldValues, unknown, FieldValues> {
  const { toBody, fieldOf, ...formOptions } = options;
  const resolver = toBody ? bodyResolver(schema, { toBody, fieldOf }) : zodResolver(schema);
  return useForm({ ...formOptions, resolver });
}
