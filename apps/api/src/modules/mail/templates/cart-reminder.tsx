// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */

import { formatPaise } from '@kapaas/contract';
import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { shopUrl } from '../links';
import { cartForMail } from '../mail.repository';
import { mailPictureUrl } from '../mail.routes';
import type { Template } from '../render';
import { Action, BRAND, Layout, Para, Title } from './Layout';

/** The one reminder of a cart left for a while: what is in it now, at today's prices. */
export const cartReminder: Template = async (context) => {
  const cartId = context.row.payload.cart_id;
  const lines = typeof cartId === 'number' ? await cartForMail(context.db, cartId) : [];
  if (lines.length === 0) throw new Error('the cart was emptied before its reminder could be written');
  const shop = context.mail.publicUrl;
  return {
    subject: 'Your cart at Kapaas is waiting',
    element: (
      <Layout
        shopUrl={shop}
        preview="The clothes you chose are still in your cart."
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Title>You left something soft behind</Title>
        <Para>The clothes you chose are still in your cart. Sizes sell out, so we thought you would like to know.</Para>
        <Section style={{ margin: '8px 0 16px' }}>
          {lines.map((line) => (
            <Row key={`${line.product_id}-${line.size}`} style={{ borderBottom: `1px solid ${BRAND.line}` }}>
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
                  Size {line.size} · {line.quantity} × {formatPaise(line.price_paise)}
                </Text>
              </Column>
            </Row>
          ))}
        </Section>
        <Action href={shopUrl(context.mail, '/shoping-cart')}>Return to your cart</Action>
      </Layout>
    ),
  };
};
