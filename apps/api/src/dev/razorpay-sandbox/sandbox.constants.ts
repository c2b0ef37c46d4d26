/*
 * The built-in Razorpay sandbox's fixed credentials. TEST-ONLY: they are public (they are in
 * this file), so they protect nothing; the sandbox is enabled only when no real Razorpay keys
 * are configured, and no real money ever moves through it.
 */

/** Where the emulator answers, on the shop's own host. */
export const SANDBOX_PREFIX = '/sandbox/razorpay';
/** The checkout `key` (public key id) of the sandbox. */
export const SANDBOX_KEY_ID = 'rzp_test_kapaas_sandbox';
/** TEST-ONLY key secret: the sandbox signs checkout answers with it, as Razorpay does with yours. */
export const SANDBOX_KEY_SECRET = 'kapaas_sandbox_key_secret_TEST_ONLY_not_a_real_secret';
/** TEST-ONLY webhook secret: the sandbox signs the webhooks it sends to the shop with it. */
export const SANDBOX_WEBHOOK_SECRET = 'kapaas_sandbox_webhook_secret_TEST_ONLY_not_a_real_secret';
/** The account id in the sandbox's webhook bodies. */
export const SANDBOX_ACCOUNT_ID = 'acc_KapaasSandbox01';
/** The shop's webhook receiver (built by the checkout issue). */
export const WEBHOOK_PATH = '/api/razorpay_webhook';

export type CardOutcome =
  | { kind: 'captured' }
  | { kind: 'declined'; description: string; source: string; step: string; reason: string };

/** The test cards of product.md §14 (digits only). */
export const PAYING_CARDS = ['4111111111111111', '4100280000001007'] as const;
export const DECLINED_CARDS = ['4000000000000002', '4100280000060003'] as const;

/** What a card number (digits only, already checked to be 12–19 digits) does in the sandbox. */
export function cardOutcome(digits: string): CardOutcome {
  if ((PAYING_CARDS as readonly string[]).includes(digits)) return { kind: 'captured' };
  if ((DECLINED_CARDS as readonly string[]).includes(digits)) {
    return {
      kind: 'declined',
      description: 'Your payment was declined by your bank. Please try another card.',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
    };
  }
  return {
    kind: 'declined',
    description:
      'This card is not a sandbox test card, so the payment was declined. Use 4111 1111 1111 1111 to pay in the sandbox.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'card_not_supported',
  };
}
