import { hmacHex } from '../../modules/razorpay/razorpay.client';
import { SANDBOX_KEY_ID, SANDBOX_PREFIX } from './sandbox.constants';
import type { SandboxPaymentLinkRow } from './sandbox.payment-links';
import { expired } from './sandbox.payment-links';

/*
 * A Payment Link's hosted page (Razorpay's rzp.io/…): the amount, and a Pay button that opens the sandbox's checkout
 * dialog (every method it offers) on the link's order. No inline script or style (the shop's Content-Security-Policy
 * allows neither): the page loads checkout.js and its own small script, which reads the order from the button's data.
 * Once paid, the shopper goes to the link's callback_url with Razorpay's query (`razorpay_payment_link_*` and its
 * signature), or reads that it is paid.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const rupees = (paise: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(paise / 100);

/** The page of a link: payable, or why not. */
export function paymentLinkPage(link: SandboxPaymentLinkRow): string {
  const payable = link.status === 'created' && !expired(link);
  const state = expired(link) ? 'expired' : link.status;
  const body = payable
    ? `<p>Pay <strong>${escapeHtml(rupees(link.amountPaise, link.currency))}</strong> to Kapaas sandbox${
        link.description ? ` for ${escapeHtml(link.description)}` : ''
      }.</p>
<p>No real money moves: the sandbox's test values apply (UPI success@razorpay, card 4111 1111 1111 1111).</p>
<button type="button" id="pay" data-key="${SANDBOX_KEY_ID}" data-order="${escapeHtml(link.orderId)}" data-amount="${
        link.amountPaise
      }" data-link="${escapeHtml(link.id)}" data-callback="${escapeHtml(link.callbackUrl ?? '')}">Pay ${escapeHtml(
        rupees(link.amountPaise, link.currency),
      )}</button>
<p id="status" role="status"></p>
<script src="${SANDBOX_PREFIX}/checkout.js"></script>
<script src="${SANDBOX_PREFIX}/payment-link.js"></script>`
    : `<p role="status">This payment link is ${escapeHtml(state)}.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment link</title></head>
<body><main><h1>Payment link</h1>${body}</main></body></html>
`;
}

/** The signature of the callback's query, as Razorpay signs a paid link's redirect. */
export function linkCallbackSignature(link: SandboxPaymentLinkRow, paymentId: string, keySecret: string): string {
  return hmacHex(`${link.id}|${link.referenceId ?? ''}|paid|${paymentId}`, keySecret);
}

/** The page's script: opens the dialog on the link's order; once paid, asks the sandbox where to go. */
export const PAYMENT_LINK_SCRIPT = `(function () {
  var button = document.getElementById('pay');
  var status = document.getElementById('status');
  if (!button) return;
  button.addEventListener('click', function () {
    var d = button.dataset;
    var dialog = new Razorpay({
      key: d.key, order_id: d.order, amount: Number(d.amount), currency: 'INR', name: 'Kapaas',
      handler: function (answer) {
        fetch('${SANDBOX_PREFIX}/l/' + d.link + '/paid?payment_id=' + encodeURIComponent(answer.razorpay_payment_id))
          .then(function (r) { return r.json(); })
          .then(function (next) {
            button.hidden = true;
            if (next.redirect) window.location.assign(next.redirect);
            else status.textContent = 'Paid. Thank you: the shop shows your order as paid.';
          });
      }
    });
    dialog.open();
  });
})();
`;
