import type { WhatsAppTemplateButton, WhatsAppTemplateKind } from '../../schema/whatsapp-templates';

/*
 * The demo shop's WhatsApp templates (issue 36): one in English and one in Hindi for every kind, ready to submit to
 * Meta as they are. Order updates are utility, back in stock and the cart reminder marketing. The parameters each
 * kind's sender fills, in order:
 *   order_placed               {{1}} first name, {{2}} order number, {{3}} total to pay on delivery
 *   order_paid                 {{1}} first name, {{2}} amount paid, {{3}} order number
 *   order_cod_confirm          {{1}} first name, {{2}} order number, {{3}} total; quick replies cod_confirm, cod_cancel
 *   order_cod_unconfirmed      {{1}} first name, {{2}} order number (the COD order cancelled after cod_confirm_hours)
 *   order_shipped              {{1}} first name, {{2}} order number, {{3}} courier; URL button {{1}} the AWB
 *   shipment_out_for_delivery  {{1}} first name, {{2}} order number
 *   order_delivered            {{1}} first name, {{2}} order number, {{3}} days to ask for a return
 *   shipment_undelivered       {{1}} first name, {{2}} order number, {{3}} the courier's reason; quick replies
 *                              delivery_retry, address_correct
 *   return_update              {{1}} first name, {{2}} order number, {{3}} what happened (in the shopper's language)
 *   back_in_stock              {{1}} first name, {{2}} product, {{3}} size; URL button {{1}} the product's page
 *                              (`12-mulmul-jhabla-set`: its id and slug, as the storefront's addresses)
 *   cart_reminder              {{1}} first name, {{2}} what the cart holds ("2 items")
 */

export interface DemoWhatsAppTemplate {
  name: string;
  language: 'en' | 'hi';
  category: 'utility' | 'marketing';
  kind: WhatsAppTemplateKind;
  body: string;
  examples: string[];
  buttons: WhatsAppTemplateButton[];
}

type Pair = Omit<DemoWhatsAppTemplate, 'language' | 'body' | 'buttons' | 'examples'> & {
  en: { body: string; examples: string[]; buttons?: WhatsAppTemplateButton[] };
  hi: { body: string; examples: string[]; buttons?: WhatsAppTemplateButton[] };
};

const TRACK = { url: 'https://shiprocket.co/tracking/{{1}}', example: 'https://shiprocket.co/tracking/19041424751540' };
// The storefront's own addresses (apps/storefront/src/lib/paths.ts): a product's page is /product-detail/<id>-<slug>.
const PRODUCT = {
  url: 'https://kapaas.in/product-detail/{{1}}',
  example: 'https://kapaas.in/product-detail/12-mulmul-jhabla-set',
};
const CART = { url: 'https://kapaas.in/shoping-cart', example: 'https://kapaas.in/shoping-cart' };

const PAIRS: Pair[] = [
  {
    name: 'order_placed_cod',
    category: 'utility',
    kind: 'order_placed',
    en: {
      body: 'Hello {{1}}, thank you for your order {{2}} at Kapaas. The total of {{3}} is paid in cash on delivery. We will send you the tracking link here once it ships.',
      examples: ['Priya', 'KP-10482', '₹1,299'],
    },
    hi: {
      body: 'नमस्ते {{1}}, Kapaas से ऑर्डर करने के लिए धन्यवाद। आपका ऑर्डर {{2}} हमें मिल गया है। कुल {{3}} डिलीवरी के समय नकद देना होगा। ऑर्डर भेजते ही हम ट्रैकिंग लिंक यहीं भेज देंगे।',
      examples: ['प्रिया', 'KP-10482', '₹1,299'],
    },
  },
  {
    name: 'order_paid',
    category: 'utility',
    kind: 'order_paid',
    en: {
      body: 'Hello {{1}}, we have received your payment of {{2}} for order {{3}}. Thank you for shopping at Kapaas; we will let you know here when it ships.',
      examples: ['Priya', '₹1,299', 'KP-10482'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका {{2}} का भुगतान ऑर्डर {{3}} के लिए मिल गया है। Kapaas से ख़रीदारी के लिए धन्यवाद; ऑर्डर भेजते ही हम आपको यहीं बताएँगे।',
      examples: ['प्रिया', '₹1,299', 'KP-10482'],
    },
  },
  {
    name: 'cod_order_confirmation',
    category: 'utility',
    kind: 'order_cod_confirm',
    en: {
      body: 'Hello {{1}}, please confirm your cash-on-delivery order {{2}} of {{3}} from Kapaas. Tap Confirm order and we will pack it, or Cancel order if you no longer want it.',
      examples: ['Priya', 'KP-10482', '₹2,499'],
      buttons: [
        { type: 'quick_reply', text: 'Confirm order', payload: 'cod_confirm' },
        { type: 'quick_reply', text: 'Cancel order', payload: 'cod_cancel' },
      ],
    },
    hi: {
      body: 'नमस्ते {{1}}, कृपया Kapaas से अपने कैश ऑन डिलीवरी ऑर्डर {{2}} ({{3}}) की पुष्टि करें। "ऑर्डर कन्फ़र्म करें" दबाएँ तो हम इसे पैक कर देंगे, और अगर अब नहीं चाहिए तो "ऑर्डर रद्द करें" दबाएँ।',
      examples: ['प्रिया', 'KP-10482', '₹2,499'],
      buttons: [
        { type: 'quick_reply', text: 'ऑर्डर कन्फ़र्म करें', payload: 'cod_confirm' },
        { type: 'quick_reply', text: 'ऑर्डर रद्द करें', payload: 'cod_cancel' },
      ],
    },
  },
  {
    name: 'cod_order_unconfirmed',
    category: 'utility',
    kind: 'order_cod_unconfirmed',
    en: {
      body: 'Hello {{1}}, we could not confirm your cash-on-delivery order {{2}} in time, so we have cancelled it and nothing is to be paid. You are welcome to order again at Kapaas whenever you like.',
      examples: ['Priya', 'KP-10482'],
    },
    hi: {
      body: 'नमस्ते {{1}}, हम आपके कैश ऑन डिलीवरी ऑर्डर {{2}} की पुष्टि समय पर नहीं कर सके, इसलिए इसे रद्द कर दिया गया है और आपको कुछ भी नहीं देना है। आप जब चाहें Kapaas पर फिर से ऑर्डर कर सकते हैं।',
      examples: ['प्रिया', 'KP-10482'],
    },
  },
  {
    name: 'order_shipped',
    category: 'utility',
    kind: 'order_shipped',
    en: {
      body: 'Hello {{1}}, your order {{2}} is on its way with {{3}}. Track your parcel with the button below.',
      examples: ['Priya', 'KP-10482', 'Delhivery'],
      buttons: [{ type: 'url', text: 'Track parcel', ...TRACK }],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} {{3}} से भेज दिया गया है। नीचे दिए बटन से अपना पार्सल ट्रैक करें।',
      examples: ['प्रिया', 'KP-10482', 'Delhivery'],
      buttons: [{ type: 'url', text: 'पार्सल ट्रैक करें', ...TRACK }],
    },
  },
  {
    name: 'order_out_for_delivery',
    category: 'utility',
    kind: 'shipment_out_for_delivery',
    en: {
      body: 'Hello {{1}}, your Kapaas order {{2}} is out for delivery and should reach you today. Please keep your phone reachable for the courier.',
      examples: ['Priya', 'KP-10482'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका Kapaas ऑर्डर {{2}} डिलीवरी के लिए निकल चुका है और आज आप तक पहुँच जाएगा। कृपया कूरियर के लिए अपना फ़ोन चालू रखें।',
      examples: ['प्रिया', 'KP-10482'],
    },
  },
  {
    name: 'order_delivered',
    category: 'utility',
    kind: 'order_delivered',
    en: {
      body: 'Hello {{1}}, your order {{2}} has been delivered. We hope your little one loves it! If something is not right, you can ask for a return or exchange within {{3}} days.',
      examples: ['Priya', 'KP-10482', '7'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} डिलीवर हो गया है। उम्मीद है आपके नन्हे-मुन्ने को यह पसंद आएगा! कुछ ठीक न लगे तो {{3}} दिन के अंदर रिटर्न या एक्सचेंज माँग सकते हैं।',
      examples: ['प्रिया', 'KP-10482', '7'],
    },
  },
  {
    name: 'delivery_failed',
    category: 'utility',
    kind: 'shipment_undelivered',
    en: {
      body: 'Hello {{1}}, the courier could not deliver your order {{2}} today ({{3}}). Tap Deliver again for another attempt, or Correct address to fix your address or phone.',
      examples: ['Priya', 'KP-10482', 'customer not reachable'],
      buttons: [
        { type: 'quick_reply', text: 'Deliver again', payload: 'delivery_retry' },
        { type: 'quick_reply', text: 'Correct address', payload: 'address_correct' },
      ],
    },
    hi: {
      body: 'नमस्ते {{1}}, कूरियर आज आपका ऑर्डर {{2}} डिलीवर नहीं कर सका ({{3}})। दोबारा कोशिश के लिए "फिर से भेजें" दबाएँ, या पता या फ़ोन नंबर ठीक करने के लिए "पता बदलें" दबाएँ।',
      examples: ['प्रिया', 'KP-10482', 'ग्राहक से संपर्क नहीं हो सका'],
      buttons: [
        { type: 'quick_reply', text: 'फिर से भेजें', payload: 'delivery_retry' },
        { type: 'quick_reply', text: 'पता बदलें', payload: 'address_correct' },
      ],
    },
  },
  {
    name: 'return_update',
    category: 'utility',
    kind: 'return_update',
    en: {
      body: 'Hello {{1}}, an update on the return or exchange for your order {{2}}: {{3}}. Reply here if you have any questions.',
      examples: ['Priya', 'KP-10482', 'we have received the parcel and your refund is on its way'],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपके ऑर्डर {{2}} के रिटर्न या एक्सचेंज पर अपडेट: {{3}}। कोई सवाल हो तो यहीं जवाब दें।',
      examples: ['प्रिया', 'KP-10482', 'पार्सल हमें मिल गया है और आपका रिफ़ंड भेज दिया गया है'],
    },
  },
  {
    name: 'back_in_stock',
    category: 'marketing',
    kind: 'back_in_stock',
    en: {
      body: 'Good news, {{1}}! {{2}} in size {{3}} is back in stock at Kapaas. Sizes go quickly, so pick yours soon.',
      examples: ['Priya', 'Mulmul jhabla set', '6–12 months'],
      buttons: [{ type: 'url', text: 'Shop now', ...PRODUCT }],
    },
    hi: {
      body: 'ख़ुशख़बरी, {{1}}! {{2}} साइज़ {{3}} में Kapaas पर फिर से उपलब्ध है। साइज़ जल्दी ख़त्म हो जाते हैं, इसलिए जल्द ही ले लें।',
      examples: ['प्रिया', 'मलमल झबला सेट', '6–12 महीने'],
      buttons: [{ type: 'url', text: 'अभी देखें', ...PRODUCT }],
    },
  },
  {
    name: 'cart_reminder',
    category: 'marketing',
    kind: 'cart_reminder',
    en: {
      body: 'Hello {{1}}, you left {{2}} in your Kapaas cart. It is still waiting for you, and checkout takes a minute.',
      examples: ['Priya', '2 items'],
      buttons: [{ type: 'url', text: 'View cart', ...CART }],
    },
    hi: {
      body: 'नमस्ते {{1}}, आपकी Kapaas कार्ट में आपका चुना हुआ सामान ({{2}}) अब भी रखा है। चेकआउट में बस एक मिनट लगता है।',
      examples: ['प्रिया', '2 चीज़ें'],
      buttons: [{ type: 'url', text: 'कार्ट देखें', ...CART }],
    },
  },
];

export const DEMO_WHATSAPP_TEMPLATES: DemoWhatsAppTemplate[] = PAIRS.flatMap(({ en, hi, ...common }) =>
  (['en', 'hi'] as const).map((language) => {
    const text = language === 'en' ? en : hi;
    return { ...common, language, body: text.body, examples: text.examples, buttons: text.buttons ?? [] };
  }),
);
