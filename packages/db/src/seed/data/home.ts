/** Home page content: banner carousel, ads and testimonials. */
import type { SeedAd, SeedBanner, SeedTestimonial } from './types';

export const banners: SeedBanner[] = [
  {
    title: 'Pure Mulmul for the First Year',
    descriptionHtml:
      '<p>Feather-light jhablas, bodysuits and swaddles in <strong>GOTS certified organic cotton</strong>,<br>dyed with haldi, indigo and madder.</p>',
    garment: 'jhabla',
    colors: ['#e3a72f', '#f4ede1'],
    categorySlug: 'newborn-essentials',
  },
  {
    title: 'Festive Sets, Printed by Hand',
    descriptionHtml:
      '<p>Kurta pyjamas and co-ords block printed in Bagru. <em>For Diwali, weddings and every puja in between.</em></p>',
    garment: 'pyjama-set',
    colors: ['#b5483b', '#ede3cf'],
    categorySlug: 'sets-co-ords',
  },
  {
    title: 'Sleep Soft, Sleep Safe',
    descriptionHtml:
      '<p>Breathable night suits and sleeping bags for every season, from <strong>0.5 to 2.5 TOG</strong>.</p>',
    garment: 'sleeping-bag',
    colors: ['#9caf88', '#f4ede1'],
    categorySlug: 'sleepwear',
  },
];

export const ads: SeedAd[] = [
  { mainTitle: 'Block Print Frocks', title: 'Hand printed in Bagru', garment: 'frock', colors: ['#e3a72f', '#b5483b'] },
  { mainTitle: 'Muslin Swaddles', title: 'Softer with every wash', garment: 'swaddle', colors: ['#9caf88', '#f2b38f'] },
  {
    mainTitle: 'Kurta Pyjama Sets',
    title: 'Festive dressing, gently',
    garment: 'pyjama-set',
    colors: ['#2f4a7a', '#f4ede1'],
  },
  { mainTitle: 'Bibs & Caps', title: 'Little things, lots of love', garment: 'bib', colors: ['#e7a1b0', '#7d8b4e'] },
];

export const testimonials: SeedTestimonial[] = [
  {
    customerName: 'Priya Sharma',
    location: 'Jaipur, Rajasthan',
    descriptionHtml:
      '<p>My daughter has <strong>very sensitive skin</strong> and the mulmul jhablas are the only thing that never gave her a rash. Soft from the very first wash.</p>',
    backgroundColor: '#fdf3e1',
    borderColor: '#e3a72f',
  },
  {
    customerName: 'Ananya Iyer',
    location: 'Chennai, Tamil Nadu',
    descriptionHtml:
      '<p>Chennai summers are brutal, but the muslin swaddles keep him cool. <em>We now own six.</em></p>',
    backgroundColor: '#eef3ea',
    borderColor: '#9caf88',
  },
  {
    customerName: 'Meera Kulkarni',
    location: 'Pune, Maharashtra',
    descriptionHtml:
      '<p>The block-print kurta pyjama set was the star of our Diwali photos. The colour has held up after many washes.</p>',
    backgroundColor: '#fbeae6',
    borderColor: '#c4673f',
  },
  {
    customerName: 'Farah Khan',
    location: 'Lucknow, Uttar Pradesh',
    descriptionHtml:
      '<p>Ordered the Newborn Welcome Box as a gift. Beautifully packed, and my sister says the sleeping bag is <strong>a lifesaver</strong>.</p>',
    backgroundColor: '#eaf0f8',
    borderColor: '#5b7db1',
  },
  {
    customerName: 'Gurpreet Kaur',
    location: 'Ludhiana, Punjab',
    descriptionHtml:
      '<p>Good, honest cotton. The frocks are roomy enough to last a second season.<br>Delivery was quick too.</p>',
    backgroundColor: '#f8ecf0',
    borderColor: '#d89a9e',
  },
  {
    customerName: 'Sneha Reddy',
    location: 'Hyderabad, Telangana',
    descriptionHtml:
      '<p>I love knowing the dyes are natural. The haldi yellow is so cheerful, and <em>nothing smells of chemicals</em>.</p>',
    backgroundColor: '#f3f0e6',
    borderColor: '#7d8b4e',
  },
];
