// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */

import { formatPaise } from '@kapaas/contract';
import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { OrderForMail } from '../mail.repository';
import { mailPictureUrl } from '../mail.routes';
import { BRAND } from './Layout';

const small = { fontSize: '13px', lineHeight: '18px', color: BRAND.muted, margin: 0 } as const;
const cell = { fontSize: '14px', lineHeight: '20px', color: BRAND.ink, margin: 0 } as const;

/** The order's lines with their pictures, then its sums and total, as the order page shows them. */
export function OrderLines({ order, shopUrl }: { order: OrderForMail; shopUrl: string }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {order.lines.map((line) => (
        <Row
          key={`${line.productId}-${line.size}`}
          style={{ borderBottom: `1px solid ${BRAND.line}`, padding: '8px 0' }}
        >
          <Column style={{ width: '64px', verticalAlign: 'top', padding: '8px 0' }}>
            <Img
              src={mailPictureUrl(shopUrl, line.image)}
              width="56"
              height="56"
              alt={line.name}
              style={{ borderRadius: '8px', objectFit: 'cover' }}
            />
          </Column>
          <Column style={{ verticalAlign: 'top', padding: '8px 8px' }}>
            <Text style={cell}>{line.name}</Text>
            <Text style={small}>
              Size {line.size} · {line.quantity} × {formatPaise(line.unitPricePaise)}
            </Text>
          </Column>
          <Column style={{ width: '96px', verticalAlign: 'top', textAlign: 'right', padding: '8px 0' }}>
            <Text style={cell}>{formatPaise(line.lineTotalPaise)}</Text>
          </Column>
        </Row>
      ))}
      <Sum label="Items" paise={order.itemsTotalPaise} />
      {order.discountPaise > 0 ? (
        <Sum
          label={`Coupon${order.couponSnapshot ? ` ${order.couponSnapshot.code}` : ''}`}
          paise={-order.discountPaise}
        />
      ) : null}
      {order.prepaidDiscountPaise > 0 ? (
        <Sum label="Prepaid discount (paid online)" paise={-order.prepaidDiscountPaise} />
      ) : null}
      <Sum label="Shipping" paise={order.shippingPaise} free />
      {order.codFeePaise > 0 ? <Sum label="Cash-on-delivery fee" paise={order.codFeePaise} /> : null}
      <Row style={{ paddingTop: '8px' }}>
        <Column>
          <Text style={{ ...cell, fontWeight: 700 }}>Total</Text>
        </Column>
        <Column style={{ textAlign: 'right' }}>
          <Text style={{ ...cell, fontWeight: 700 }}>{formatPaise(order.totalPaise)}</Text>
        </Column>
      </Row>
    </Section>
  );
}

function Sum({ label, paise, free = false }: { label: string; paise: number; free?: boolean }) {
  const amount = paise < 0 ? `− ${formatPaise(-paise)}` : free && paise === 0 ? 'Free' : formatPaise(paise);
  return (
    <Row>
      <Column>
        <Text style={small}>{label}</Text>
      </Column>
      <Column style={{ textAlign: 'right' }}>
        <Text style={small}>{amount}</Text>
      </Column>
    </Row>
  );
}

/** Where the parcel goes, as the shopper typed it. */
export function DeliveryAddress({ order }: { order: OrderForMail }) {
  const a = order.addressSnapshot;
  return (
    <Section style={{ backgroundColor: BRAND.sand, borderRadius: '8px', padding: '12px 16px', margin: '0 0 16px' }}>
      <Text style={{ ...small, fontWeight: 700, color: BRAND.ink }}>Delivering to</Text>
      <Text style={small}>
        {a.first_name} {a.last_name}, {a.address}, {a.city}, {a.state} {a.pin_code}
      </Text>
    </Section>
  );
}
