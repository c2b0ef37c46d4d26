import { type AdminWhatsAppTemplateInput, WHATSAPP_KIND_INFO } from '@kapaas/contract';
import { fieldError } from '../../lib/errors';

/*
 * What Meta checks before it accepts a template for review, checked here first so that the owner reads the problem
 * beside the field instead of Meta's "(#100) Invalid parameter" after a submit: parameters numbered {{1}} … {{n}}
 * in order, an example for each, no parameter first or last, at most three quick replies or one URL button, and the
 * category that fits the kind (Meta re-categorises an order update written as marketing, and bills it as marketing).
 */

/** Every {{…}} of a text, as written. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The numbers of a body's {{n}}, in the order they appear; a {{name}} that is not a number is refused. */
export function parameterNumbers(body: string): number[] {
  return [...body.matchAll(PLACEHOLDER)].map((match) => {
    const inner = (match[1] ?? '').trim();
    if (!/^[1-9][0-9]*$/.test(inner)) {
      throw fieldError('body', `Parameters are numbers, {{1}}, {{2}}, …: "{{${inner}}}" is not one.`);
    }
    return Number(inner);
  });
}

function checkBody(input: AdminWhatsAppTemplateInput): number {
  const numbers = parameterNumbers(input.body);
  const expected = numbers.map((_, index) => index + 1);
  if (numbers.some((n, index) => n !== expected[index])) {
    const found = numbers.map((n) => `{{${n}}}`).join(', ');
    throw fieldError('body', `Number the parameters {{1}}, {{2}}, … in order, each once: found ${found}.`);
  }
  const text = input.body.trim();
  if (numbers.length > 0 && (text.startsWith('{{') || text.endsWith('}}'))) {
    throw fieldError('body', 'Meta refuses a body that starts or ends with a parameter: add words around it.');
  }
  if (input.examples.length !== numbers.length) {
    throw fieldError(
      'examples',
      `Give one example for each parameter: the body has ${numbers.length}, and ${input.examples.length} ${input.examples.length === 1 ? 'example is' : 'examples are'} given.`,
    );
  }
  return numbers.length;
}

function checkUrlButton(button: { url: string; example: string }, index: number): void {
  const placeholders = [...button.url.matchAll(PLACEHOLDER)];
  if (placeholders.length > 1 || (placeholders.length === 1 && !button.url.endsWith('{{1}}'))) {
    throw fieldError(`buttons.${index}.url`, 'A URL button takes one parameter, {{1}}, at the end of the address.');
  }
  const fixed = button.url.replace('{{1}}', '');
  if (!button.example.startsWith(fixed) || (placeholders.length === 1 && button.example === fixed)) {
    throw fieldError(`buttons.${index}.example`, `The address with an example in place of {{1}}: ${fixed}…`);
  }
}

/** Which quick-reply actions each kind may carry: a tap must mean something for that message. */
const ACTIONS_OF: Partial<Record<AdminWhatsAppTemplateInput['kind'], readonly string[]>> = {
  order_cod_confirm: ['cod_confirm', 'cod_cancel'],
  shipment_undelivered: ['delivery_retry', 'address_correct'],
};

function checkButtons(input: AdminWhatsAppTemplateInput): void {
  const urls = input.buttons.filter((button) => button.type === 'url');
  if (urls.length > 0 && input.buttons.length > 1) {
    throw fieldError('buttons', 'Either up to three quick replies or one URL button, not both.');
  }
  for (const [index, button] of input.buttons.entries()) {
    if (button.type === 'url') {
      checkUrlButton(button, index);
      continue;
    }
    const allowed = [...(ACTIONS_OF[input.kind] ?? []), 'stop'];
    if (!allowed.includes(button.payload)) {
      throw fieldError(`buttons.${index}.payload`, `A ${WHATSAPP_KIND_INFO[input.kind].label} message cannot do that.`);
    }
  }
  const texts = input.buttons.map((button) => button.text.toLowerCase());
  if (new Set(texts).size !== texts.length) throw fieldError('buttons', 'Each button needs its own text.');
  if (input.kind === 'order_cod_confirm') {
    const payloads = new Set(input.buttons.map((button) => (button.type === 'quick_reply' ? button.payload : '')));
    if (!payloads.has('cod_confirm') || !payloads.has('cod_cancel')) {
      throw fieldError('buttons', 'The COD confirmation needs a quick reply that confirms and one that cancels.');
    }
  }
}

function checkCategory(input: AdminWhatsAppTemplateInput): void {
  const marketing = WHATSAPP_KIND_INFO[input.kind].marketing;
  if (marketing && input.category !== 'marketing') {
    throw fieldError('category', 'Back in stock and cart reminders are offers: Meta counts them as marketing.');
  }
  if (!marketing && input.category !== 'utility') {
    throw fieldError(
      'category',
      'An order update is a utility message: as marketing it costs more and reaches only shoppers who agreed to offers.',
    );
  }
}

/** Checks a template as Meta would; throws a 400 naming the field. Answers the body's parameter count. */
export function checkTemplate(input: AdminWhatsAppTemplateInput): number {
  checkCategory(input);
  const count = checkBody(input);
  checkButtons(input);
  return count;
}
