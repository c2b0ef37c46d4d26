// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { Text } from '@react-email/text';
import { shopUrl } from '../links';
import { contactForMail, userForMail } from '../mail.repository';
import type { Template, TemplateContext } from '../render';
import { Action, BRAND, Layout, Para, Title } from './Layout';

// Welcome, and the contact form's two messages: the shopper's receipt and the owner's copy.

const numberIn = (context: TemplateContext, name: string) => {
  const value = context.row.payload[name];
  if (typeof value !== 'number') throw new Error(`the message has no ${name}`);
  return value;
};

export const welcome: Template = async (context) => {
  const user = await userForMail(context.db, numberIn(context, 'user_id'));
  if (!user) throw new Error('the account was deleted before its welcome could be written');
  return {
    subject: 'Welcome to Kapaas',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="Your account is ready: soft organic cotton for little ones.">
        <Title>Welcome, {user.name}</Title>
        <Para>
          Your Kapaas account is ready. You can keep addresses, a wishlist, and follow every order from My Orders.
        </Para>
        <Para>Our clothes are made of organic cotton, soft on a child’s skin and kind to the farms it grows on.</Para>
        <Action href={context.mail.publicUrl}>Visit the shop</Action>
      </Layout>
    ),
  };
};

async function loadContact(context: TemplateContext) {
  const message = await contactForMail(context.db, numberIn(context, 'contact_id'));
  if (!message) throw new Error('the contact message was deleted before it could be acknowledged');
  return message;
}

export const contactReceived: Template = async (context) => {
  const message = await loadContact(context);
  return {
    subject: 'We received your message',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="We will reply within two working days.">
        <Title>Thank you for writing, {message.name}</Title>
        <Para>We received your message and will reply within two working days. This is what you wrote:</Para>
        <Text
          style={{
            fontSize: '14px',
            lineHeight: '20px',
            color: BRAND.muted,
            backgroundColor: BRAND.sand,
            borderRadius: '8px',
            padding: '12px 16px',
            whiteSpace: 'pre-wrap',
          }}
        >
          {message.message}
        </Text>
      </Layout>
    ),
  };
};

export const ownerContact: Template = async (context) => {
  const message = await loadContact(context);
  return {
    subject: `Contact message from ${message.name}`,
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={message.message.slice(0, 90)}>
        <Title>New contact message</Title>
        <Para>
          {message.name} ({message.email}, {message.mobile}) wrote:
        </Para>
        <Text
          style={{
            fontSize: '14px',
            lineHeight: '20px',
            color: BRAND.ink,
            backgroundColor: BRAND.sand,
            borderRadius: '8px',
            padding: '12px 16px',
            whiteSpace: 'pre-wrap',
          }}
        >
          {message.message}
        </Text>
        <Action href={shopUrl(context.mail, `/admin/messages/${message.id}`)}>Open in the console</Action>
      </Layout>
    ),
  };
};
