// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { productPathSegment } from '@kapaas/contract';
import { orderItems, orders } from '@kapaas/db';
import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { shopUrl } from '../links';
import { mailPictureUrl } from '../mail.routes';
import type { Template, TemplateContext } from '../render';
import { Action, BRAND, Layout, Para, Title } from './Layout';

// "How are they?": the one message per delivered order asking for reviews, some days after delivery
// (reviews/requests.ts). The payload names the order and the products not reviewed yet when it was
// queued; each links to its product page's reviews.

async function linesForMail(context: TemplateContext) {
  const { order_id: orderId, product_ids: productIds } = context.row.payload;
  if (typeof orderId !== 'number' || !Array.isArray(productIds)) throw new Error('the message names no order lines');
  const rows = await context.db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      size: orderItems.sizeLabel,
      image: orderItems.productImage,
      firstName: sql<string>`${orders.addressSnapshot}->>'first_name'`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.productId, productIds.map(Number))))
    .orderBy(asc(orderItems.id));
  // One link per product, though it was bought in two sizes.
  const seen = new Set<number>();
  return { orderId, lines: rows.filter((row) => !seen.has(row.productId) && seen.add(row.productId)) };
}

export const reviewRequest: Template = async (context) => {
  const { orderId, lines } = await linesForMail(context);
  const [first] = lines;
  if (!first) throw new Error(`order ${orderId} has none of the lines its review request names`);
  const shop = context.mail.publicUrl;
  const reviewUrl = (line: (typeof lines)[number]) =>
    shopUrl(context.mail, `/product-detail/${productPathSegment(line.productId, line.name)}#reviews`);
  return {
    subject: `How are the clothes from order #${orderId}?`,
    element: (
      <Layout
        shopUrl={shop}
        preview="A few words from you help other parents choose the right size."
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Title>How do they fit, {first.firstName || 'there'}?</Title>
        <Para>
          Your order #{orderId} arrived a few days ago. If the little one has worn it, would you tell other parents how
          it feels and how it fits? A line or two is plenty.
        </Para>
        <Section style={{ margin: '8px 0 16px' }}>
          {lines.map((line) => (
            <Row key={line.productId} style={{ borderBottom: `1px solid ${BRAND.line}` }}>
              <Column style={{ width: '64px', padding: '8px 0' }}>
                {line.image ? (
                  <Img
                    src={mailPictureUrl(shop, line.image)}
                    width="56"
                    height="56"
                    alt={line.name}
                    style={{ borderRadius: '8px' }}
                  />
                ) : null}
              </Column>
              <Column style={{ padding: '8px' }}>
                <Text style={{ fontSize: '14px', margin: 0, color: BRAND.ink }}>{line.name}</Text>
                <Text style={{ fontSize: '13px', margin: 0, color: BRAND.muted }}>
                  Size {line.size} · <Link href={reviewUrl(line)}>Write a review</Link>
                </Text>
              </Column>
            </Row>
          ))}
        </Section>
        <Action href={reviewUrl(first)}>Review {first.name}</Action>
      </Layout>
    ),
  };
};
