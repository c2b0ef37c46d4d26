/** The shop's address and phone, shown beside the contact form (product.md §2, Contact). */
export const SHOP_CONTACT = {
  name: 'Kapaas Organics',
  streetLines: ['Plot 18, Block Printers’ Colony', 'Sanganer, Jaipur'],
  regionLine: 'Rajasthan 302029, India',
  phoneDisplay: '+91 141 255 0148',
  phoneHref: 'tel:+911412550148',
  hours: 'Monday to Saturday, 10 am to 6 pm',
} as const;
