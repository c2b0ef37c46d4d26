import type { sandboxWhatsappMessages } from '@kapaas/db';
import { SANDBOX_PREFIX } from './sandbox.constants';

/*
 * The sandbox's page: each number's chat as a phone shows it, the shop's messages on the left with their buttons to
 * tap, the shopper's replies on the right, and a box to write a reply. New messages come in as on a phone, without a
 * reload by hand. Plain HTML; its style and its one script are files of their own, since the shop's
 * Content-Security-Policy allows no inline style or script (ADR 038).
 */

type Message = typeof sandboxWhatsappMessages.$inferSelect;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const PAGE_STYLES = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:16px;color:#1a1a1a;background:#fafafa}
h1{font-size:1.3rem;margin:0 0 4px}p{margin:0 0 12px;color:#444;max-width:70ch}
.phones{display:flex;flex-wrap:wrap;gap:16px}.phone{width:340px;background:#e5ddd5;border:8px solid #1a1a1a;border-radius:24px;padding:8px}
.phone h2{font-size:1rem;margin:0 0 8px;padding:6px 8px;background:#075e54;color:#fff;border-radius:8px}
.bubble{max-width:85%;margin:6px 0;padding:6px 8px;border-radius:8px;background:#fff;white-space:pre-wrap;font-size:.9rem}
.in{margin-left:auto;background:#dcf8c6}.meta{display:block;color:#555;font-size:.75rem;margin-top:2px}
.buttons{display:flex;flex-direction:column;gap:4px;margin-top:6px}
button,input{font:inherit;padding:6px 8px;border:1px solid #767676;border-radius:6px}
button{cursor:pointer;background:#fff;color:#075e54;font-weight:600}button[disabled]{opacity:.6;cursor:progress}
a.url{display:block;text-align:center;padding:6px;color:#075e54;font-weight:600}
form.write{display:flex;gap:4px;margin-top:8px}form.write input{flex:1}
.error{color:#b00020;min-height:1.2em;margin:4px 0 0;font-size:.85rem}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

/** A tap or a written reply goes to test/reply as JSON (which sends the shop the signed webhook); then a reload. */
export const PAGE_SCRIPT = `(function () {
  'use strict';
  function send(body, error, control) {
    control.disabled = true;
    error.textContent = '';
    fetch('${SANDBOX_PREFIX}/test/reply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw new Error((answer.error && answer.error.message) || ('HTTP ' + response.status));
        window.location.reload();
      });
    }).catch(function (failure) {
      error.textContent = failure.message;
      control.disabled = false;
    });
  }
  document.querySelectorAll('button[data-payload]').forEach(function (button) {
    button.addEventListener('click', function () {
      var phone = button.closest('.phone');
      send({ from: phone.dataset.phone, context_message_id: button.dataset.context, button_payload: button.dataset.payload },
        phone.querySelector('.error'), button);
    });
  });
  // A message the shop sends later (its outbox sends on its next pass, an answer follows a tap's webhook) comes in by
  // itself, as on a phone: every two seconds the page asks how many messages there are, and reloads when that
  // changed. Not while a reply is being written or a tap is on its way, which a reload would lose.
  var shown = Number(document.body.dataset.messages);
  var asking = false;
  function busy() {
    var writing = Array.prototype.some.call(document.querySelectorAll('form.write input'), function (input) {
      return input.value !== '' || input === document.activeElement;
    });
    return asking || writing || document.querySelector('button[disabled]') !== null;
  }
  setInterval(function () {
    if (busy()) return;
    asking = true;
    fetch('${SANDBOX_PREFIX}/test/messages').then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (messages) {
      if (messages && messages.length !== shown) window.location.reload();
    }).catch(function () {
      // The shop restarting, say: the next tick asks again.
    }).then(function () {
      asking = false;
    });
  }, 2000);
  document.querySelectorAll('form.write').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var phone = form.closest('.phone');
      var text = form.elements.text.value.trim();
      if (!text) return;
      var body = { from: phone.dataset.phone, text: text };
      if (form.dataset.context) body.context_message_id = form.dataset.context;
      send(body, phone.querySelector('.error'), form.querySelector('button'));
    });
  });
})();
`;

function bubble(message: Message): string {
  const buttons =
    message.direction === 'out' && message.buttons.length > 0
      ? `<div class="buttons">${message.buttons
          .map((b) =>
            b.type === 'URL'
              ? `<a class="url" href="${escapeHtml(b.url ?? '#')}" rel="noopener noreferrer" target="_blank">${escapeHtml(b.text)}</a>`
              : `<button type="button" data-context="${escapeHtml(message.wamid)}" data-payload="${escapeHtml(b.payload ?? b.text)}">${escapeHtml(b.text)}</button>`,
          )
          .join('')}</div>`
      : '';
  const label = message.template
    ? `${message.template} (${message.language})`
    : message.direction === 'in'
      ? 'reply'
      : 'text';
  return `<div class="bubble ${message.direction}">${escapeHtml(message.text)}<span class="meta">${escapeHtml(label)} · ${message.createdAt.toISOString().slice(11, 16)} UTC</span>${buttons}</div>`;
}

export function sandboxPage(messages: Message[]): string {
  const phones = new Map<string, Message[]>();
  for (const message of messages) phones.set(message.phone, [...(phones.get(message.phone) ?? []), message]);
  const chats = [...phones].map(([phone, chat]) => {
    const last = [...chat].reverse().find((m) => m.direction === 'out');
    return `<section class="phone" data-phone="${escapeHtml(phone)}" aria-label="Chat of +${escapeHtml(phone)}">
<h2>Kapaas · +${escapeHtml(phone)}</h2>${chat.map(bubble).join('\n')}
<form class="write"${last ? ` data-context="${escapeHtml(last.wamid)}"` : ''}><input name="text" aria-label="Reply to the shop" placeholder="Reply (e.g. STOP)" autocomplete="off"><button type="submit">Send</button></form>
<p class="error" role="alert"></p></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>WhatsApp sandbox · Kapaas</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${SANDBOX_PREFIX}/page.css"></head><body data-messages="${messages.length}">
<h1>WhatsApp sandbox</h1>
<p>The shop's WhatsApp messages, as each shopper's phone would show them (TEST-ONLY: nothing leaves the shop). Tap a button or write a reply: the shop gets the signed webhook Meta would send.</p>
<div class="phones">${chats.length > 0 ? chats.join('\n') : '<p>No message has been sent yet.</p>'}</div>
<script src="${SANDBOX_PREFIX}/page.js"></script></body></html>`;
}
