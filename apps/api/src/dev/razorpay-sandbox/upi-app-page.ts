import type { SandboxPaymentRow } from './sandbox.repository';

/*
 * The sandbox's stand-in for the shopper's UPI app: what the QR code's link and the dialog's "Pay with a UPI app"
 * button open. A plain page (no script, no inline style: the shop's Content-Security-Policy allows neither) with
 * Approve and Decline, as a UPI app asks the payer; the dialog, polling, sees the answer.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`;

/** The approve-or-decline page of a waiting UPI payment. */
export function upiAppPage(payment: SandboxPaymentRow): string {
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: payment.currency }).format(
    payment.amountPaise / 100,
  );
  const action = escapeHtml(payment.id);
  return page(
    'Sandbox UPI app',
    `<p>Kapaas sandbox asks you to pay <strong>${escapeHtml(rupees)}</strong> (payment ${action}).</p>
<p>No real money moves. Approve pays as success@razorpay; Decline is declined as failure@razorpay.</p>
<form method="post" action="${action}"><input type="hidden" name="answer" value="approve">
<button type="submit">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="answer" value="decline">
<button type="submit">Decline</button></form>`,
  );
}

/** What the page says once answered. */
export function upiAppDone(message: string): string {
  return page('Sandbox UPI app', `<p role="status">${escapeHtml(message)}</p>`);
}
