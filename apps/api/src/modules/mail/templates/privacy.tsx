// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { Text } from '@react-email/text';
import { shopUrl } from '../links';
import type { Template, TemplateContext } from '../render';
import { SEALED_PLACEHOLDER } from '../seal';
import { Action, BRAND, Layout, Para, Title } from './Layout';

// The privacy module's messages (issue 35). None is marketing: each is what the person asked for, or what the law
// says they must be told. The payload carries the words, so that the outbox keeps what was sent to whom.

const textIn = (context: TemplateContext, name: string) => {
  const value = context.row.payload[name];
  if (typeof value !== 'string') throw new Error(`the message has no ${name}`);
  return value;
};

const KIND_WORDS: Record<string, string> = {
  access: 'a summary of your personal data',
  correction: 'a correction of your personal data',
  erasure: 'the erasure of your personal data',
  grievance: 'a grievance',
};

function Quoted({ children }: { children: string }) {
  return (
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
      {children}
    </Text>
  );
}

export const privacyRequestConfirm: Template = async (context) => {
  const url = shopUrl(context.mail, `/privacy-request/confirm?token=${SEALED_PLACEHOLDER}`);
  const asked = KIND_WORDS[textIn(context, 'kind')] ?? 'a privacy request';
  return {
    subject: 'Please confirm your privacy request to Kapaas',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="One click, and we answer within 90 days.">
        <Title>Confirm your request</Title>
        <Para>Someone, we hope you, asked Kapaas for {asked} with this e-mail address. Please confirm it:</Para>
        <Action href={url}>Confirm my request</Action>
        <Para>
          The link works once, for 24 hours. Once confirmed, we answer within 90 days. If you did not ask, ignore this
          message: nothing happens.
        </Para>
      </Layout>
    ),
  };
};

export const privacyRequestAnswer: Template = async (context) => {
  const asked = KIND_WORDS[textIn(context, 'kind')] ?? 'a privacy request';
  return {
    subject: 'Our answer to your privacy request',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={`Our answer to your request for ${asked}.`}>
        <Title>Our answer to your request</Title>
        <Para>You asked us for {asked}. This is our answer:</Para>
        <Quoted>{textIn(context, 'answer')}</Quoted>
        <Para>
          If you are not satisfied, you may reply to this message, and you may complain to the Data Protection Board of
          India.
        </Para>
      </Layout>
    ),
  };
};

export const breachNotice: Template = async (context) => ({
  subject: textIn(context, 'subject'),
  element: (
    <Layout shopUrl={context.mail.publicUrl} preview="A personal data breach that affects you, and what you can do.">
      <Title>{textIn(context, 'subject')}</Title>
      <Quoted>{textIn(context, 'body')}</Quoted>
    </Layout>
  ),
});

export const ownerPrivacyRequest: Template = async (context) => {
  const asked = KIND_WORDS[textIn(context, 'kind')] ?? 'a privacy request';
  const id = context.row.payload.request_id;
  return {
    subject: 'A privacy request to answer within 90 days',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview={`Someone asked for ${asked}.`}>
        <Title>New privacy request</Title>
        <Para>
          Someone asked for {asked}. The law gives the shop 90 days to answer; the console shows the due date.
        </Para>
        <Action href={shopUrl(context.mail, `/admin/privacy/requests/${String(id)}`)}>Open in the console</Action>
      </Layout>
    ),
  };
};

export const myDataExport: Template = async (context) => {
  const url = shopUrl(context.mail, `/api/my_data?token=${SEALED_PLACEHOLDER}`);
  return {
    subject: 'Your data at Kapaas: your copy is ready',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="A copy of everything Kapaas keeps about you.">
        <Title>Your copy is ready</Title>
        <Para>
          You asked for a copy of the data Kapaas keeps about you: your profile, addresses, orders, invoices, payments,
          reviews, returns, wishlist, cart, consents, the messages we sent you and your sessions.
        </Para>
        <Action href={url}>Open my data</Action>
        <Para>
          The link works once, for 24 hours, while you are logged in to your account. It opens a summary you can read
          and a JSON file you can save. If you did not ask for it, change your password.
        </Para>
      </Layout>
    ),
  };
};
