import { fromLocalInput, numberOrEmpty, toLocalInput } from '../../lib/forms';

/** What an empty control sends: left out (the schema then says "required", or keeps the old value), or null ("none"). */
type Empty = 'omit' | 'null';

/** One control of a resource form, described once; ResourceForm draws it and turns its value into the API's. */
export interface FieldSpec {
  name: string;
  label: string;
  kind:
    | 'text'
    | 'password'
    | 'textarea'
    | 'html'
    | 'colour'
    | 'number'
    | 'rupees'
    | 'checkbox'
    | 'image'
    | 'select'
    | 'datetime'
    | 'products';
  help?: string;
  /** For selects. */
  options?: { value: string | number; label: string }[];
  /** For selects whose values are ids. */
  numeric?: boolean;
  /** What an empty text, number or select sends; text otherwise sends '' and numbers nothing. */
  empty?: Empty;
  /** The value of a new record (checkboxes default to ticked: a new record is shown). */
  initial?: string | boolean;
  /** Shown only while another control has this value (a coupon's "Rupees off" for the type Amount). */
  showWhen?: { field: string; equals: string };
}

/** The form's values: the text of each control, or a checkbox's state (a product list is "3,5,9"). */
export type RawValues = Record<string, string | boolean>;

function emptyValue(empty: Empty | undefined): null | undefined {
  return empty === 'null' ? null : undefined;
}

/** The API body the form's controls say. */
export function toBody(fields: FieldSpec[], raw: RawValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.kind === 'checkbox') {
      body[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    const blank = text.trim() === '';
    switch (field.kind) {
      case 'number':
      case 'rupees':
        body[field.name] = blank ? emptyValue(field.empty) : numberOrEmpty(text);
        break;
      case 'select':
        body[field.name] = blank ? emptyValue(field.empty) : field.numeric ? Number(text) : text;
        break;
      case 'datetime':
        body[field.name] = fromLocalInput(text);
        break;
      case 'image':
        body[field.name] = blank ? emptyValue(field.empty) : text;
        break;
      case 'products':
        body[field.name] = blank ? [] : text.split(',').map(Number);
        break;
      default:
        body[field.name] = blank && field.empty ? emptyValue(field.empty) : text;
    }
  }
  return body;
}

/** The controls' starting values: the record's, or each field's initial value for a new one. */
export function toRaw(fields: FieldSpec[], item: Record<string, unknown> | undefined): RawValues {
  const raw: RawValues = {};
  for (const field of fields) {
    const value = item?.[field.name];
    if (field.kind === 'checkbox') raw[field.name] = item ? value === true : (field.initial ?? true) === true;
    else if (field.kind === 'datetime') raw[field.name] = toLocalInput(typeof value === 'string' ? value : null);
    else if (!item) raw[field.name] = typeof field.initial === 'string' ? field.initial : '';
    else if (Array.isArray(value)) raw[field.name] = value.join(',');
    else raw[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return raw;
}
