// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { formatPaise } from '@kapaas/contract';
import { shopUrl } from '../links';
import type { Built, Template, TemplateContext } from '../render';
import { type ReturnForMail, returnForMail } from '../returns.repository';
import { Action, Layout, Para, Title } from './Layout';

// The messages of a return or size exchange. The payload names the return (`return_id`); everything else is read
// from the return as it is when the message is rendered (the owner's message, the refund, the tracking note).

async function loadReturn(context: TemplateContext): Promise<ReturnForMail> {
  const id = context.row.payload.return_id;
  const found = typeof id === 'number' ? await returnForMail(context.db, id) : null;
  if (!found) throw new Error(`the message's return ${String(id)} was not found`);
  return found;
}

const greeting = (r: ReturnForMail) => `Hello ${r.order.addressSnapshot.first_name},`;

/** One line of the return in words: "2 × Organic Romper, size 2-3Y: exchange for 3-4Y". */
function lineText(line: ReturnForMail['lines'][number]): string {
  const what = `${line.quantity} × ${line.name}, size ${line.size}`;
  return line.kind === 'exchange'
    ? `${what}: exchange for size ${line.newSize ?? ''}`
    : `${what}: return, ${formatPaise(line.quantity * line.unitPricePaise)}`;
}

function Lines({ request }: { request: ReturnForMail }) {
  return (
    <>
      {request.lines.map((line) => (
        <Para key={line.id}>{lineText(line)}</Para>
      ))}
    </>
  );
}

function returnMessage(
  context: TemplateContext,
  request: ReturnForMail,
  parts: { subject: string; title: string; preview: string; body: React.ReactNode },
): Built {
  return {
    subject: parts.subject,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={parts.preview}>
        <Title>{parts.title}</Title>
        <Para>{greeting(request)}</Para>
        {parts.body}
        <Action href={shopUrl(context.mail, `/order-detail/${request.orderId}`)}>View order #{request.orderId}</Action>
      </Layout>
    ),
  };
}

export const returnRequested: Template = async (context) => {
  const request = await loadReturn(context);
  const exchange = request.lines.some((l) => l.kind === 'exchange');
  return returnMessage(context, request, {
    subject: `Return #${request.id} requested for order #${request.orderId}`,
    title: 'We have your return request',
    preview: `Return #${request.id}: ${request.lines.length} line(s) of order #${request.orderId}.`,
    body: (
      <>
        <Para>
          We have your request #{request.id} for order #{request.orderId}:
        </Para>
        <Lines request={request} />
        {exchange ? <Para>We are holding the new sizes for you until we send them.</Para> : null}
        <Para>We will write to you once we have looked at it. Please do not send anything back before then.</Para>
      </>
    ),
  });
};

export const returnApproved: Template = async (context) => {
  const request = await loadReturn(context);
  return returnMessage(context, request, {
    subject: `Return #${request.id} approved: please send the pieces back`,
    title: 'Your return is approved',
    preview: 'Please pack the pieces and send them back to us.',
    body: (
      <>
        {request.decisionMessage ? <Para>{request.decisionMessage}</Para> : null}
        <Para>
          Please pack these pieces, unwashed and with their labels, write return #{request.id} on the parcel, and send
          it back to us:
        </Para>
        <Lines request={request} />
      </>
    ),
  });
};

export const returnRejected: Template = async (context) => {
  const request = await loadReturn(context);
  return returnMessage(context, request, {
    subject: `Return #${request.id} declined`,
    title: 'We could not accept your return',
    preview: request.decisionMessage ?? 'We could not accept your return request.',
    body: (
      <>
        <Para>
          We could not accept return request #{request.id} for order #{request.orderId}.
        </Para>
        {request.decisionMessage ? <Para>{request.decisionMessage}</Para> : null}
      </>
    ),
  });
};

export const returnReceived: Template = async (context) => {
  const request = await loadReturn(context);
  return returnMessage(context, request, {
    subject: `Return #${request.id} received`,
    title: 'The pieces reached us',
    preview: `We received the parcel of return #${request.id}.`,
    body: (
      <>
        <Para>We received the parcel of return #{request.id}. We will settle it shortly:</Para>
        <Lines request={request} />
      </>
    ),
  });
};

const METHODS = { provider: 'to the way you paid', bank: 'by bank transfer', upi: 'by UPI' } as const;

export const returnRefunded: Template = async (context) => {
  const request = await loadReturn(context);
  // A refund through the provider is queued as the provider's refund is recorded, with its amount; the return notes
  // it a moment later.
  const queued = (context.row.payload as { amount_paise?: number } | null)?.amount_paise;
  const amount = formatPaise(request.refundPaise ?? queued ?? 0);
  const how = METHODS[request.refundMethod ?? 'provider'];
  return returnMessage(context, request, {
    subject: `Refund of ${amount} for return #${request.id}`,
    title: `We refunded ${amount}`,
    preview: `${amount} for return #${request.id}, ${how}.`,
    body: (
      <>
        <Para>
          We refunded {amount} for return #{request.id} {how}
          {request.refundReference ? ` (reference ${request.refundReference})` : ''}.
        </Para>
        {(request.refundMethod ?? 'provider') === 'provider' ? (
          <Para>Banks usually show it within 5–7 working days.</Para>
        ) : null}
      </>
    ),
  });
};

export const returnExchangeShipped: Template = async (context) => {
  const request = await loadReturn(context);
  return returnMessage(context, request, {
    subject: `Your exchange for return #${request.id} is on its way`,
    title: 'Your new size is on its way',
    preview: request.exchangeTrackingNote ?? 'Your new size left our workshop.',
    body: (
      <>
        <Para>The new size for return #{request.id} left our workshop.</Para>
        {request.exchangeTrackingNote ? <Para>{request.exchangeTrackingNote}</Para> : null}
      </>
    ),
  });
};

export const ownerReturnRequested: Template = async (context) => {
  const request = await loadReturn(context);
  const a = request.order.addressSnapshot;
  return {
    subject: `Return #${request.id} requested for order #${request.orderId}`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={`${a.first_name} ${a.last_name} (${a.email_id})`}>
        <Title>Return #{request.id} requested</Title>
        <Para>
          {a.first_name} {a.last_name} ({a.email_id}, {a.phone_number}) asks to send back pieces of order #
          {request.orderId}:
        </Para>
        <Lines request={request} />
        <Action href={shopUrl(context.mail, `/admin/returns/${request.id}`)}>Open in the console</Action>
      </Layout>
    ),
  };
};
