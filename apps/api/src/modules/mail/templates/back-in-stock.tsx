// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */

import { formatPaise } from '@kapaas/contract';
import { productImages, products } from '@kapaas/db';
import { Img } from '@react-email/img';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { asc, eq } from 'drizzle-orm';
import { shopUrl } from '../links';
import { mailPictureUrl } from '../mail.routes';
import type { Template, TemplateContext } from '../render';
import { Action, BRAND, Layout, Para, Title } from './Layout';

// "Back in stock": the one message a shopper asked for with "Notify me" on a sold-out size. The
// payload names the product and the size (`product_id`, `size`); the product's name, picture and
// price are read as they are when the message is written. Marketing: it carries the unsubscribe.

async function productForMail(context: TemplateContext) {
  const id = context.row.payload.product_id;
  if (typeof id !== 'number') throw new Error('the message has no product_id');
  const [product] = await context.db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      discountPricePaise: products.discountPricePaise,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw new Error(`the product ${id} was deleted before its restock could be announced`);
  const [image] = await context.db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position))
    .limit(1);
  return { ...product, image: image?.url ?? null };
}

export const backInStock: Template = async (context) => {
  const product = await productForMail(context);
  const size = String(context.row.payload.size ?? '');
  const price = product.discountPricePaise ?? product.pricePaise;
  const url = shopUrl(context.mail, `/product-detail/${product.id}`);
  return {
    subject: `Back in stock: ${product.name}, size ${size}`,
    element: (
      <Layout
        shopUrl={context.mail.publicUrl}
        preview={`Size ${size} is back. We are writing once, as you asked.`}
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Title>Size {size} is back in stock</Title>
        <Para>You asked us to write once when it was back. It is, while it lasts:</Para>
        <Section style={{ margin: '8px 0 16px', textAlign: 'center' }}>
          {product.image ? (
            <Img
              src={mailPictureUrl(context.mail.publicUrl, product.image)}
              width="240"
              alt={product.name}
              style={{ borderRadius: '12px', margin: '0 auto', maxWidth: '100%' }}
            />
          ) : null}
          <Text style={{ fontFamily: BRAND.serif, fontSize: '20px', lineHeight: '26px', margin: '12px 0 4px' }}>
            {product.name}
          </Text>
          <Text style={{ fontSize: '15px', lineHeight: '22px', color: BRAND.muted, margin: 0 }}>
            Size {size} · {formatPaise(price)}
            {product.discountPricePaise !== null ? (
              <span style={{ textDecoration: 'line-through', paddingLeft: '8px' }}>
                {formatPaise(product.pricePaise)}
              </span>
            ) : null}
          </Text>
        </Section>
        <Action href={url}>Shop now</Action>
      </Layout>
    ),
  };
};
