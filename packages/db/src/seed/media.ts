import { categories, products } from './data/catalogue';
import { ads, banners, testimonials } from './data/home';
import { renderAvatarSvg, renderBannerSvg, renderGarmentSvg, renderTileSvg } from './illustrations/garments';

/** Where the demo shop's generated images are served from. */
export const DEMO_MEDIA_PREFIX = '/media/demo/';

export const demoImage = {
  product: (slug: string, index: number) => `${DEMO_MEDIA_PREFIX}products/${slug}-${index + 1}.svg`,
  category: (slug: string) => `${DEMO_MEDIA_PREFIX}categories/${slug}.svg`,
  subcategory: (slug: string) => `${DEMO_MEDIA_PREFIX}subcategories/${slug}.svg`,
  banner: (index: number, mobile: boolean) =>
    `${DEMO_MEDIA_PREFIX}banners/${index + 1}-${mobile ? 'mobile' : 'desktop'}.svg`,
  ad: (index: number) => `${DEMO_MEDIA_PREFIX}ads/${index + 1}.svg`,
  testimonial: (index: number) => `${DEMO_MEDIA_PREFIX}testimonials/${index + 1}.svg`,
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * Every demo image, by its URL path, as a function that draws it. The images are generated from
 * the seed data on demand, so every process can serve them without shared files.
 */
export function demoMedia(): Map<string, () => string> {
  const media = new Map<string, () => string>();
  for (const category of categories) {
    media.set(demoImage.category(category.slug), () =>
      renderTileSvg({ garment: category.garment, colors: category.colors }),
    );
    for (const subcategory of category.subcategories) {
      const firstProduct = products.find((product) => product.subcategorySlug === subcategory.slug);
      media.set(demoImage.subcategory(subcategory.slug), () =>
        renderTileSvg({
          garment: firstProduct?.garment ?? category.garment,
          colors: firstProduct?.colors ?? category.colors,
        }),
      );
    }
  }
  for (const product of products) {
    for (let index = 0; index < product.imageCount; index++) {
      media.set(demoImage.product(product.slug, index), () =>
        renderGarmentSvg({
          garment: product.garment,
          colors: product.colors,
          variant: index,
          pattern: product.pattern,
        }),
      );
    }
  }
  banners.forEach((banner, index) => {
    for (const mobile of [false, true]) {
      media.set(demoImage.banner(index, mobile), () =>
        renderBannerSvg({ title: banner.title, garment: banner.garment, colors: banner.colors, mobile }),
      );
    }
  });
  ads.forEach((ad, index) => {
    media.set(demoImage.ad(index), () => renderTileSvg({ garment: ad.garment, colors: ad.colors }));
  });
  testimonials.forEach((testimonial, index) => {
    media.set(demoImage.testimonial(index), () =>
      renderAvatarSvg({
        initials: initials(testimonial.customerName),
        colors: [testimonial.borderColor, testimonial.backgroundColor],
      }),
    );
  });
  return media;
}
