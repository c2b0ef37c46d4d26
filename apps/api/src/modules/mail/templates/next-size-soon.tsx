// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */

import { productPathSegment } from '@kapaas/contract';
import { shopUrl } from '../links';
import type { Template } from '../render';
import { Action, Layout, Para, Title } from './Layout';

// "Next size soon" (ADR 059): one message per child and size, when the child is within a month of the top of the ages
// of the last size bought for them, suggesting the chart's next size. The payload holds what the fit module's daily
// job found (the child's first name, the product, the two sizes), so the template reads nothing. Sent under the
// child_profile consent: its footer's link withdraws that consent, which deletes the children kept (said below).

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const nextSizeSoon: Template = async (context) => {
  const payload = context.row.payload;
  const productId = payload.product_id;
  if (typeof productId !== 'number') throw new Error('the message names no product');
  const child = text(payload.child_name) || 'your child';
  const [size, next, product] = [text(payload.size), text(payload.next_size), text(payload.product_name)];
  const url = shopUrl(context.mail, `/product-detail/${productPathSegment(productId, product)}`);
  return {
    subject: `${size} will soon be snug: ${next} is the next size`,
    element: (
      <Layout
        shopUrl={context.mail.publicUrl}
        preview={`${child} is nearly at the top of ${size}. The next size up is ${next}.`}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Title>Growing fast: {next} is next</Title>
        <Para>
          {product} in {size} fits up to {String(payload.size_max_months)} months, and {child} is{' '}
          {String(payload.age_months)} months now. When it starts to feel snug, the next size in its chart is {next}.
        </Para>
        <Action href={url}>See {product}</Action>
        <Para>
          We write once per size, because you asked us to keep your children’s birth months to suggest their sizes. The
          link below stops these messages: it withdraws that consent and deletes the children you saved.
        </Para>
      </Layout>
    ),
  };
};
