import { type OrderDetail, type ReturnKind, type ReturnReason, ReturnRequestRequest } from '@kapaas/contract';

/** What the shopper chose for one line of the order: the inputs as they hold them (numbers as text, blanks as ''). */
export interface ReturnLineFields {
  quantity: string;
  kind: ReturnKind;
  new_size: string;
  reason: ReturnReason | '';
  note: string;
}

export interface ReturnFields {
  /** One entry per line of the order, in its order. */
  lines: ReturnLineFields[];
  /** The uploaded photos' URLs. */
  photos: string[];
}

export const RETURN_LINE_FIELDS = ['quantity', 'kind', 'new_size', 'reason', 'note'] as const;
type LineField = (typeof RETURN_LINE_FIELDS)[number];

export function emptyReturnFields(order: OrderDetail): ReturnFields {
  return {
    // An exchange-only piece (ADR 058) starts as an exchange: a return is not offered for it.
    lines: order.description.map((line) => ({
      quantity: '0',
      kind: line.return_rule.kind === 'exchange_only' ? 'exchange' : 'return',
      new_size: '',
      reason: '',
      note: '',
    })),
    photos: [],
  };
}

/**
 * The return_request body the inputs say: only the lines with pieces chosen, in the order's order. `formLineOf[i]` is
 * the order line (and form entry) behind the body's i-th line, so that a problem of `lines.i.*`, whether the schema's
 * or the server's, is shown beside the line the shopper filled in.
 */
export function returnRequestBody(
  order: OrderDetail,
  owner: { user_id?: number; guest_id?: number },
  values: ReturnFields,
): { body: ReturnRequestRequest; formLineOf: number[] } {
  const formLineOf: number[] = [];
  const lines: ReturnRequestRequest['lines'] = [];
  values.lines.forEach((fields, index) => {
    const bought = order.description[index];
    const quantity = Number(fields.quantity);
    if (bought === undefined || !(quantity > 0)) return;
    formLineOf.push(index);
    const note = fields.note.trim();
    lines.push({
      product_id: bought.product_id,
      size: bought.size_id,
      quantity,
      kind: fields.kind,
      ...(fields.kind === 'exchange' && fields.new_size !== '' ? { new_size: Number(fields.new_size) } : {}),
      // A blank reason is left for the schema to refuse with its own words.
      reason: fields.reason as ReturnReason,
      ...(note === '' ? {} : { note }),
    });
  });
  const body: ReturnRequestRequest = {
    ...owner,
    order_id: order.order_id,
    lines,
    ...(values.photos.length > 0 ? { photos: values.photos } : {}),
  };
  return { body, formLineOf };
}

/**
 * The form field that shows a problem of the body at `path` ("lines.0.new_size"): the line's own input, the line's
 * pieces for what the shopper did not type (product, size), the photos, or '' for the form as a whole.
 */
export function returnFieldOf(path: string, formLineOf: readonly number[]): string {
  const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
  if (line) {
    const index = formLineOf[Number(line[1])];
    if (index === undefined) return '';
    const field = (RETURN_LINE_FIELDS as readonly string[]).includes(line[2] ?? '')
      ? (line[2] as LineField)
      : 'quantity';
    return `lines.${index}.${field}`;
  }
  if (path.startsWith('photos')) return 'photos';
  return '';
}

/** The form lines a problem names, from the paths of the server's field errors. */
export function formLinesNamed(paths: readonly string[], formLineOf: readonly number[]): number[] {
  const lines = new Set<number>();
  for (const path of paths) {
    const field = returnFieldOf(path, formLineOf);
    const match = /^lines\.(\d+)\./.exec(field);
    if (match) lines.add(Number(match[1]));
  }
  return [...lines];
}

/**
 * The contract's schema, which the form checks before sending, and one more look: a line's own check (an exchange names
 * its new size) runs only once the rest of the line is right, so the form also asks for the size at the same time as
 * the other missing choices. The message is the contract's, and the form shows one message per field.
 */
export const ReturnFormSchema = ReturnRequestRequest.superRefine(
  (body, ctx) => {
    const lines: unknown = (body as { lines?: unknown }).lines;
    if (!Array.isArray(lines)) return;
    lines.forEach((line: { kind?: unknown; new_size?: unknown } | null, index) => {
      if (line?.kind === 'exchange' && line.new_size === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'new_size'],
          message: 'Choose the size you want instead.',
        });
      }
    });
  },
  { when: () => true },
);
