import { AdminWhatsAppTemplateInput } from '@kapaas/contract';
import { DEMO_WHATSAPP_TEMPLATES } from '@kapaas/db/seed';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { whatsAppKindOf } from './templates';
import { checkTemplate } from './templates.rules';

/*
 * Meta's parameter rule as a property: a body whose {{n}} appear as 1, 2, …, n is accepted with n examples, and any
 * other order, gap or repeat is refused beside the body. And every template the demo shop seeds passes every rule.
 */

const template = (body: string, examples: string[]): AdminWhatsAppTemplateInput => ({
  name: 'order_paid_probe',
  language: 'en',
  category: 'utility',
  kind: 'order_paid',
  body,
  examples,
  buttons: [],
});

/** The field a refusal names, or null when the template is accepted. */
function refusedField(input: AdminWhatsAppTemplateInput): string | null {
  try {
    checkTemplate(input);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Object.keys(error.options.errors ?? {})[0] ?? 'none';
  }
}

describe("Meta's numbered parameters", () => {
  it('accepts {{1}} … {{n}} in order, and refuses beside the body any other numbering', () => {
    const numbering = fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 });
    fc.assert(
      fc.property(numbering, (numbers) => {
        const body = `Hello ${numbers.map((n) => `{{${n}}}`).join(' and ')} from Kapaas.`;
        const inOrder = numbers.every((n, index) => n === index + 1);
        const examples = numbers.map((_, index) => `example ${index + 1}`);
        expect(refusedField(template(body, examples))).toBe(inOrder ? null : 'body');
      }),
    );
  });

  it('asks for exactly one example per parameter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }), (count, given) => {
        const body = `Hello ${Array.from({ length: count }, (_, i) => `{{${i + 1}}}`).join(', ')} there.`;
        const examples = Array.from({ length: given }, (_, i) => `e${i}`);
        expect(refusedField(template(body, examples))).toBe(count === given ? null : 'examples');
      }),
    );
  });
});

describe("the demo shop's templates", () => {
  it.each(DEMO_WHATSAPP_TEMPLATES.map((t) => [`${t.name} (${t.language})`, t] as const))(
    '%s passes the contract and every rule',
    (_, t) => {
      // Through the contract first: the name, the button texts (25 at most), the https addresses.
      expect(refusedField(AdminWhatsAppTemplateInput.parse(t))).toBeNull();
    },
  );
});

describe('the WhatsApp kind of a mail kind', () => {
  it('is the same kind for order and shipping updates, return_update for every return mail, null for the rest', () => {
    expect(whatsAppKindOf('order_shipped')).toBe('order_shipped');
    expect(whatsAppKindOf('shipment_undelivered')).toBe('shipment_undelivered');
    expect(whatsAppKindOf('cart_reminder')).toBe('cart_reminder');
    for (const kind of ['return_requested', 'return_approved', 'return_refunded', 'return_exchange_shipped']) {
      expect(whatsAppKindOf(kind)).toBe('return_update');
    }
    expect(whatsAppKindOf('password_reset')).toBeNull();
    expect(whatsAppKindOf('owner_new_order')).toBeNull();
  });
});
