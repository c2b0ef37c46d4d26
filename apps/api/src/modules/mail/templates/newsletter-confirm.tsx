// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { shopUrl } from '../links';
import type { Template } from '../render';
import { SEALED_PLACEHOLDER } from '../seal';
import { Action, Layout, Para, Title } from './Layout';

// The newsletter's double opt-in: the link carries the token, sealed in the outbox and put in only
// when the message is sent (mail/seal.ts). Not marketing: the address asked for it.

export const newsletterConfirm: Template = async (context) => {
  const url = shopUrl(context.mail, `/newsletter/confirm?token=${SEALED_PLACEHOLDER}`);
  return {
    subject: 'Please confirm your Kapaas newsletter subscription',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="One click and you will hear about new clothes and offers.">
        <Title>Confirm your subscription</Title>
        <Para>
          Someone, we hope you, asked for the Kapaas newsletter at this address. Please confirm that you want it:
        </Para>
        <Action href={url}>Confirm my subscription</Action>
        <Para>If you did not ask for it, ignore this message: we will not write again.</Para>
      </Layout>
    ),
  };
};
