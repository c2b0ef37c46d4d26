// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { shopUrl } from '../links';
import type { Template } from '../render';
import { Action, BRAND, Layout, Para, Title } from './Layout';

interface Size {
  product_id: number;
  product_name: string;
  size: string;
}

const dayName = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** To the owners, the morning after: the sizes that ran out the day before, each linked to its product. */
export const ownerSoldOut: Template = async (context) => {
  const day = String(context.row.payload.day);
  const sizes = (context.row.payload.sizes ?? []) as Size[];
  const count = `${sizes.length} ${sizes.length === 1 ? 'size' : 'sizes'}`;
  return {
    subject: `${count} ran out on ${dayName(day)}`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={sizes.map((s) => `${s.product_name} ${s.size}`).join(', ')}>
        <Title>{count} ran out</Title>
        <Para>
          These sizes sold their last piece on {dayName(day)}. Restock them and every shopper waiting for one hears at
          once.
        </Para>
        {sizes.map((size) => (
          <Text
            key={`${size.product_id}-${size.size}`}
            style={{ fontSize: '14px', lineHeight: '20px', margin: '0 0 6px', color: BRAND.ink }}
          >
            <Link href={shopUrl(context.mail, `/admin/products/${size.product_id}`)} style={{ color: BRAND.teal }}>
              {size.product_name}
            </Link>{' '}
            — size {size.size}
          </Text>
        ))}
        <Action href={shopUrl(context.mail, '/admin/products')}>Open the products</Action>
      </Layout>
    ),
  };
};
