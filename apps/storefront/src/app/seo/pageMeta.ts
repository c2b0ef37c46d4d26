import type { MetaDescriptor } from 'react-router';

/** The shop's own name, as pages end their titles. */
export const SHOP_NAME = 'Kapaas';
/** What a page says of itself when it has nothing more particular to say. */
export const SHOP_DESCRIPTION = "Kapaas: soft, breathable children's clothing made of GOTS certified organic cotton.";

/** What a page tells search engines and link previews about itself. */
export interface PageSeo {
  /** The browser tab's title, as the page's heading sets it after hydration. */
  title: string;
  description?: string;
  /** The page's one address (absolute): what search engines index and previews link to. */
  canonical?: string;
  /** A picture for link previews (absolute). */
  image?: string;
  /** Open Graph's type of the page. */
  type?: 'website' | 'product';
  /** The price shown in a product's preview, in rupees. */
  priceRupees?: number;
  /** Pages that are the shopper's own, or that do not exist: never indexed. */
  noindex?: boolean;
  /** schema.org descriptions of the page, as JSON-LD. */
  structuredData?: object[];
}

/** The head of a page: title, description, canonical address, Open Graph and Twitter tags, and JSON-LD. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const description = seo.description ?? SHOP_DESCRIPTION;
  const tags: MetaDescriptor[] = [{ title: seo.title }, { name: 'description', content: description }];
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (seo.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: seo.canonical });
  tags.push(
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: description },
  );
  if (seo.canonical) tags.push({ property: 'og:url', content: seo.canonical });
  if (seo.image) tags.push({ property: 'og:image', content: seo.image }, { name: 'twitter:image', content: seo.image });
  if (seo.priceRupees !== undefined) {
    tags.push(
      { property: 'product:price:amount', content: seo.priceRupees.toFixed(2) },
      { property: 'product:price:currency', content: 'INR' },
    );
  }
  for (const data of seo.structuredData ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}

/** An absolute address on the shop for `path` (a path, or an address already absolute). */
export function absolute(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).href;
}
