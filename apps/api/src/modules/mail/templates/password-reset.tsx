// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { shopUrl } from '../links';
import type { Template } from '../render';
import { SEALED_PLACEHOLDER } from '../seal';
import { Action, Layout, Para, Title } from './Layout';

// The reset link of a forgotten password, for a shopper (the shop's page) or an admin (the console's). The link
// carries the placeholder; the sender puts the token there only as it sends, so the outbox never holds it.

export const passwordReset: Template = async (context) => {
  const { name, audience } = context.row.payload;
  const page = audience === 'admin' ? '/admin/reset-password' : '/reset-password';
  const link = shopUrl(context.mail, `${page}?token=${SEALED_PLACEHOLDER}`);
  const greeting = typeof name === 'string' && name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  return {
    subject: 'Reset your Kapaas password',
    element: (
      <Layout shopUrl={context.mail.publicUrl} preview="Choose a new password with this link.">
        <Title>Reset your password</Title>
        <Para>{greeting}</Para>
        <Para>
          Someone asked to reset the password of your Kapaas {audience === 'admin' ? 'admin ' : ''}account. Choose a new
          one with this button:
        </Para>
        <Action href={link}>Choose a new password</Action>
        <Para>
          The link works for 30 minutes and only once. If you did not ask, ignore this message: your password stays as
          it is.
        </Para>
      </Layout>
    ),
  };
};
