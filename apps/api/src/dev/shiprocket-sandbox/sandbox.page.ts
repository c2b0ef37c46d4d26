import { formatShiprocketTime } from '../../modules/shiprocket/courier';
import { ADVANCE_STATUSES, SANDBOX_PREFIX } from './sandbox.constants';
import type { ShipmentRow } from './sandbox.repository';
import { shipmentIdOf } from './sandbox.service';

/*
 * The sandbox's page for a person trying the shop: every shipment, its status, its label, and a form to move it on
 * (which sends the shop the tracking webhook, as POST test/advance does). Plain HTML; its style and its one script are
 * files of their own, since the shop's Content-Security-Policy allows no inline style or script (ADR 038).
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const PAGE_STYLES = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:16px;color:#1a1a1a;background:#fafafa}
h1{font-size:1.3rem;margin:0 0 4px}p{margin:0 0 12px;color:#444;max-width:70ch}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top;font-size:.9rem}
th{background:#f0f0f0}code{font-size:.95em}
form{display:flex;flex-wrap:wrap;gap:6px;align-items:center}select,input,button{font:inherit;padding:5px 8px;border:1px solid #767676;border-radius:4px}
button{cursor:pointer;background:#1a1a1a;color:#fff;border-color:#1a1a1a}button[disabled]{opacity:.6;cursor:progress}
.status{font-weight:600}.error{color:#b00020;min-height:1.2em;margin:4px 0 0;font-size:.85rem}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
@media (max-width:700px){thead{display:none}tr{display:block;border-bottom:2px solid #ccc;margin-bottom:8px}td{display:block;border:0;padding:4px 8px}}
`;

/** Posts a form's move as JSON to test/advance and reloads the page, or shows the sandbox's refusal. */
export const PAGE_SCRIPT = `(function () {
  'use strict';
  document.querySelectorAll('form[data-advance]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button');
      var error = form.querySelector('.error');
      var reason = form.elements.reason.value.trim();
      var body = { awb: form.dataset.advance, status: form.elements.status.value };
      if (reason) body.reason = reason;
      button.disabled = true;
      error.textContent = '';
      fetch('${SANDBOX_PREFIX}/test/advance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body)
      }).then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error(answer.message || ('HTTP ' + response.status));
          window.location.reload();
        });
      }).catch(function (failure) {
        error.textContent = failure.message;
        button.disabled = false;
      });
    });
  });
})();
`;

function statusOptions(): string {
  return ADVANCE_STATUSES.map((status) => `<option value="${status}">${status.replaceAll('_', ' ')}</option>`).join('');
}

function shipmentRow(row: ShipmentRow): string {
  const awb = row.awb ? `<code>${escapeHtml(row.awb)}</code>` : '<em>no AWB yet</em>';
  const label = row.awb ? `<a href="${SANDBOX_PREFIX}/labels/${shipmentIdOf(row)}.pdf">label</a>` : '';
  const move = row.awb
    ? `<form data-advance="${escapeHtml(row.awb)}" aria-label="Move ${escapeHtml(row.awb)} on">
<label>Status <select name="status">${statusOptions()}</select></label>
<label>Reason <input name="reason" maxlength="200" placeholder="optional"></label>
<button type="submit">Send update</button><p class="error" role="alert"></p></form>`
    : '';
  const cod = row.paymentMethod === 'COD' ? `COD ₹${(row.codPaise / 100).toFixed(2)}` : 'Prepaid';
  return `<tr id="awb-${escapeHtml(row.awb ?? String(row.id))}">
<td>${awb}<br>${escapeHtml(row.courierName ?? '')} ${label}</td>
<td>${escapeHtml(row.channelOrderId)}${row.isReturn ? ' (return)' : ''}<br>${escapeHtml(row.customer.name)}, ${escapeHtml(row.customer.pincode)}</td>
<td>${cod}</td>
<td class="status">${escapeHtml(row.status)}<br><small>booked ${escapeHtml(formatShiprocketTime(row.createdAt))}</small></td>
<td>${move}</td></tr>`;
}

export function sandboxPage(rows: ShipmentRow[]): string {
  const body = rows.length
    ? rows.map(shipmentRow).join('\n')
    : '<tr><td colspan="5">No shipments yet: ship an order with the courier from the console.</td></tr>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Shiprocket sandbox</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_PREFIX}/page.css">
<script src="${SANDBOX_PREFIX}/page.js" defer></script></head>
<body><main>
<h1>Shiprocket sandbox</h1>
<p>The shop ships with this built-in stand-in for Shiprocket because no Shiprocket API user is configured. No parcel moves.
Move a shipment on to send the shop the tracking webhook Shiprocket would send. Delivery PIN codes starting with 79 are
not served; those starting with 18 or 19 are served without cash on delivery.</p>
<table><thead><tr><th>AWB</th><th>Order</th><th>Payment</th><th>Status</th><th>Move on</th></tr></thead>
<tbody>
${body}
</tbody></table>
<noscript><p>Moving a shipment on needs JavaScript.</p></noscript>
</main></body></html>`;
}
