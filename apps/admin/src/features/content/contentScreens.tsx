import {
  type AdminAd,
  type AdminBanner,
  AdminCreateAd,
  AdminCreateBanner,
  AdminCreateFeaturedSection,
  AdminCreateTestimonial,
  type AdminFeaturedSection,
  type AdminTestimonial,
} from '@kapaas/contract';
import { ShownBadge, Thumb } from '../../components/cells';
import type { FieldSpec } from '../../components/resource/fields';
import type { ListFilter, ResourceScreens } from '../../components/resource/screens';

const shownFields: FieldSpec[] = [
  { name: 'sort_order', label: 'Position', kind: 'number', help: 'Lower numbers come first.', initial: '0' },
  { name: 'active', label: 'Show in the shop', kind: 'checkbox' },
];
const shownFilter: ListFilter[] = [
  {
    name: 'active',
    label: 'Shown',
    options: [
      { value: 'true', label: 'Shown' },
      { value: 'false', label: 'Hidden' },
    ],
  },
];
const LINK_HELP = 'Where a tap leads: a page of the shop such as /category-page/2, or an https:// address.';
const RICH_TEXT_HELP = 'Use the buttons (or Ctrl+B, Ctrl+I, Ctrl+U) for bold, italic, underline, lists and links.';

const bannerFields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'description', label: 'Text', kind: 'html', help: RICH_TEXT_HELP },
  { name: 'image', label: 'Picture for computers', kind: 'image' },
  { name: 'mobile_image', label: 'Picture for phones', kind: 'image' },
  { name: 'link', label: 'Link', kind: 'text', help: LINK_HELP, empty: 'null' },
  ...shownFields,
];

export const bannerScreens: ResourceScreens<AdminBanner> = {
  resource: 'banners',
  path: '/banners',
  title: 'Banners',
  noun: 'banner',
  nameOf: (banner) => banner.title,
  columns: [
    { header: 'Title', cell: (banner) => banner.title },
    { header: 'Picture', cell: (banner) => <Thumb src={banner.image} />, className: 'col-thumb' },
    { header: 'Position', cell: (banner) => banner.sort_order },
    { header: 'In the shop', cell: (banner) => <ShownBadge active={banner.active} /> },
  ],
  filters: shownFilter,
  useFields: () => bannerFields,
  schema: AdminCreateBanner,
};

const adFields: FieldSpec[] = [
  { name: 'main_title', label: 'Heading', kind: 'text' },
  { name: 'title', label: 'Text', kind: 'text' },
  { name: 'image', label: 'Picture', kind: 'image' },
  { name: 'link', label: 'Link', kind: 'text', help: LINK_HELP, empty: 'null' },
  ...shownFields,
];

export const adScreens: ResourceScreens<AdminAd> = {
  resource: 'ads',
  path: '/ads',
  title: 'Ads',
  noun: 'ad',
  nameOf: (ad) => ad.main_title,
  columns: [
    { header: 'Heading', cell: (ad) => ad.main_title },
    { header: 'Picture', cell: (ad) => <Thumb src={ad.image} />, className: 'col-thumb' },
    { header: 'Text', cell: (ad) => ad.title },
    { header: 'In the shop', cell: (ad) => <ShownBadge active={ad.active} /> },
  ],
  filters: shownFilter,
  useFields: () => adFields,
  schema: AdminCreateAd,
};

const testimonialFields: FieldSpec[] = [
  { name: 'customer_name', label: 'Customer’s name', kind: 'text' },
  { name: 'location', label: 'Town', kind: 'text' },
  { name: 'description', label: 'What they said', kind: 'html', help: RICH_TEXT_HELP },
  { name: 'image', label: 'Photo', kind: 'image' },
  { name: 'background_color', label: 'Background colour', kind: 'colour', initial: '#F4E9DA' },
  { name: 'border_color', label: 'Border colour', kind: 'colour', initial: '#0F766E' },
  ...shownFields,
];

export const testimonialScreens: ResourceScreens<AdminTestimonial> = {
  resource: 'testimonials',
  path: '/testimonials',
  title: 'Testimonials',
  noun: 'testimonial',
  nameOf: (testimonial) => testimonial.customer_name,
  columns: [
    { header: 'Customer', cell: (testimonial) => testimonial.customer_name },
    { header: 'Photo', cell: (testimonial) => <Thumb src={testimonial.image} />, className: 'col-thumb' },
    { header: 'Town', cell: (testimonial) => testimonial.location },
    { header: 'In the shop', cell: (testimonial) => <ShownBadge active={testimonial.active} /> },
  ],
  filters: shownFilter,
  useFields: () => testimonialFields,
  schema: AdminCreateTestimonial,
};

const featuredFields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'product_ids', label: 'Products, in order', kind: 'products' },
  ...shownFields,
];

export const featuredSectionScreens: ResourceScreens<AdminFeaturedSection> = {
  resource: 'featured-sections',
  path: '/featured-sections',
  title: 'Featured sections',
  noun: 'featured section',
  nameOf: (section) => section.title,
  columns: [
    { header: 'Title', cell: (section) => section.title },
    { header: 'Products', cell: (section) => section.product_ids.length },
    { header: 'Position', cell: (section) => section.sort_order },
    { header: 'In the shop', cell: (section) => <ShownBadge active={section.active} /> },
  ],
  filters: shownFilter,
  useFields: () => featuredFields,
  schema: AdminCreateFeaturedSection,
};
