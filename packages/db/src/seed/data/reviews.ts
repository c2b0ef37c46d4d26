import type { SizeLabel } from './types';

// The demo shop's buyers: a few parents who ordered, received their parcels and wrote reviews of
// what they bought. Their accounts cannot be logged into (see demo-reviews.ts); their orders are
// delivered, and every review speaks for a line of one of them.

export interface DemoShopper {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pin: string;
}

export interface DemoReview {
  rating: 1 | 2 | 3 | 4 | 5;
  fit: 'runs_small' | 'true_to_size' | 'runs_large';
  title: string | null;
  text: string;
  /** Days after the delivery that the review was written. */
  afterDays: number;
}

/**
 * How a demo order was paid (issue 34): online by one of Razorpay's methods, with its detail as the shop keeps it
 * from the payment entity (ADR 046), or in cash at the door.
 */
export type DemoPayment =
  | { method: 'upi'; vpa: string }
  | { method: 'card'; network: string; last4: string }
  | { method: 'netbanking'; bank: string }
  | { method: 'wallet'; wallet: string }
  | { method: 'cod' };

export interface DemoOrder {
  shopper: string;
  /** Days before the seed ran that the parcel was delivered. */
  deliveredDaysAgo: number;
  paidWith: DemoPayment;
  lines: { slug: string; size: SizeLabel; quantity: number; review?: DemoReview }[];
}

export const demoShoppers: DemoShopper[] = [
  {
    key: 'ananya',
    firstName: 'Ananya',
    lastName: 'Rao',
    email: 'ananya.rao@example.in',
    phone: '7000010001',
    address: '41, 3rd Cross, Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560011',
  },
  {
    key: 'priya',
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya.sharma@example.in',
    phone: '7000010002',
    address: 'C-112, Sector 12, Dwarka',
    city: 'New Delhi',
    state: 'Delhi',
    pin: '110075',
  },
  {
    key: 'kavitha',
    firstName: 'Kavitha',
    lastName: 'Nair',
    email: 'kavitha.nair@example.in',
    phone: '7000010003',
    address: 'Ambady House, Panampilly Nagar',
    city: 'Kochi',
    state: 'Kerala',
    pin: '682036',
  },
  {
    key: 'rohan',
    firstName: 'Rohan',
    lastName: 'Mehta',
    email: 'rohan.mehta@example.in',
    phone: '7000010004',
    address: 'Flat 602, Tulip Heights, Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411045',
  },
  {
    key: 'farah',
    firstName: 'Farah',
    lastName: 'Khan',
    email: 'farah.khan@example.in',
    phone: '7000010005',
    address: '9, Hill Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pin: '400050',
  },
];

export const demoOrders: DemoOrder[] = [
  {
    shopper: 'ananya',
    deliveredDaysAgo: 40,
    paidWith: { method: 'upi', vpa: 'ananya.rao@okhdfcbank' },
    lines: [
      {
        slug: 'mulmul-jhabla-haldi-yellow',
        size: '3-6M',
        quantity: 2,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: 'Soft as an old dupatta',
          text: "Bought two for my daughter's first summer in Bengaluru. The mulmul is so soft it feels like an old dupatta, and the haldi colour has not faded after many washes.",
          afterDays: 6,
        },
      },
      {
        slug: 'muslin-swaddle-pack-of-3-sage-ivory-peach',
        size: '0-3M',
        quantity: 1,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: 'Our everything cloth',
          text: 'These muslins are our everything: swaddle, feeding cover, pram shade. They got softer after every wash. Worth every rupee.',
          afterDays: 9,
        },
      },
    ],
  },
  {
    shopper: 'priya',
    deliveredDaysAgo: 25,
    paidWith: { method: 'card', network: 'Visa', last4: '4242' },
    lines: [
      {
        slug: 'sleeveless-romper-mustard-checks',
        size: '6-12M',
        quantity: 1,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: null,
          text: 'My son lives in this romper. The snap buttons make nappy changes quick, and the checks look smart enough for family functions too.',
          afterDays: 4,
        },
      },
      {
        slug: 'harem-pants-indigo-dabu',
        size: '12-18M',
        quantity: 1,
        review: {
          rating: 4,
          fit: 'runs_large',
          title: 'Gorgeous print, long legs',
          text: 'Comfortable for crawling and the dabu print is gorgeous. Quite long in the leg, so we fold the cuff once for now.',
          afterDays: 5,
        },
      },
    ],
  },
  {
    shopper: 'kavitha',
    deliveredDaysAgo: 18,
    paidWith: { method: 'upi', vpa: 'kavitha.n@oksbi' },
    lines: [
      {
        slug: 'mulmul-jhabla-haldi-yellow',
        size: '0-3M',
        quantity: 1,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: 'Made for the Kerala heat',
          text: 'Perfect for the Kerala heat. No scratchy tags, the side ties are easy while she wriggles, and it goes from the line to her without any ironing.',
          afterDays: 3,
        },
      },
      {
        slug: 'muslin-swaddle-pack-of-3-sage-ivory-peach',
        size: '0-3M',
        quantity: 1,
        review: {
          rating: 4,
          fit: 'true_to_size',
          title: null,
          text: 'Big enough to swaddle properly and very breathable. The peach one bled a little in the first wash, so wash it separately once.',
          afterDays: 3,
        },
      },
    ],
  },
  {
    shopper: 'rohan',
    deliveredDaysAgo: 35,
    paidWith: { method: 'cod' },
    lines: [
      {
        slug: 'striped-kurta-pyjama-set-indigo',
        size: '2-3Y',
        quantity: 1,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: 'Diwali without complaints',
          text: 'He wore it all through Diwali and did not complain once, which says everything. Breathable cotton, easy buttons, lovely in the photos.',
          afterDays: 7,
        },
      },
      {
        slug: 'harem-pants-indigo-dabu',
        size: '18-24M',
        quantity: 1,
        review: {
          rating: 5,
          fit: 'true_to_size',
          title: null,
          text: 'The waistband is soft and leaves no marks on his tummy. Washed at least ten times and the indigo is still deep.',
          afterDays: 8,
        },
      },
    ],
  },
  {
    shopper: 'farah',
    deliveredDaysAgo: 12,
    paidWith: { method: 'upi', vpa: 'farah.k@ybl' },
    lines: [
      {
        slug: 'sleeveless-romper-mustard-checks',
        size: '12-18M',
        quantity: 1,
        review: {
          rating: 3,
          fit: 'runs_large',
          title: 'Soft but roomy',
          text: 'The fabric is soft and feels truly organic, but the 12-18M is roomy around the arms on my slim toddler. It will fit better next summer.',
          afterDays: 4,
        },
      },
      {
        slug: 'striped-kurta-pyjama-set-indigo',
        size: '3-4Y',
        quantity: 1,
        review: {
          rating: 4,
          fit: 'runs_small',
          title: 'Beautiful for Eid',
          text: 'A beautiful set for Eid. The pyjama fits well but the kurta is a little snug across the chest: take a size up if you are between sizes.',
          afterDays: 4,
        },
      },
      {
        slug: 'mulmul-jhabla-haldi-yellow',
        size: '6-12M',
        quantity: 1,
        review: {
          rating: 4,
          fit: 'runs_small',
          title: null,
          text: 'Lovely thin cotton and neat stitching. It runs a little small: my chubby 7-month-old is already close to outgrowing the 6-12M.',
          afterDays: 5,
        },
      },
    ],
  },
  // Orders without reviews (issue 34): the last 30 days pay as Indian shops see, mostly UPI, some cards,
  // netbanking and wallets, and cash on delivery, so the dashboard's shares have something to show.
  {
    shopper: 'priya',
    deliveredDaysAgo: 9,
    paidWith: { method: 'upi', vpa: 'priya.s@paytm' },
    lines: [{ slug: 'muslin-swaddle-pack-of-3-sage-ivory-peach', size: '0-3M', quantity: 1 }],
  },
  {
    shopper: 'kavitha',
    deliveredDaysAgo: 7,
    paidWith: { method: 'netbanking', bank: 'SBIN' },
    lines: [{ slug: 'harem-pants-indigo-dabu', size: '12-18M', quantity: 2 }],
  },
  {
    shopper: 'rohan',
    deliveredDaysAgo: 6,
    paidWith: { method: 'upi', vpa: 'rohan.m@okicici' },
    lines: [{ slug: 'sleeveless-romper-mustard-checks', size: '6-12M', quantity: 1 }],
  },
  {
    shopper: 'ananya',
    deliveredDaysAgo: 4,
    paidWith: { method: 'wallet', wallet: 'phonepe' },
    lines: [{ slug: 'mulmul-jhabla-haldi-yellow', size: '6-12M', quantity: 1 }],
  },
  {
    shopper: 'farah',
    deliveredDaysAgo: 3,
    paidWith: { method: 'cod' },
    lines: [{ slug: 'striped-kurta-pyjama-set-indigo', size: '2-3Y', quantity: 1 }],
  },
];
