// tsx, which runs the shop from source, reads no tsconfig here: the pragmas choose React's automatic JSX runtime.
/** @jsxRuntime automatic @jsxImportSource react */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** The shop's colours (the storefront's theme): cream paper, warm ink, a teal accent. */
export const BRAND = {
  cream: '#fbf8f1',
  ivory: '#fffdf8',
  sand: '#f3ede1',
  line: '#e6dccb',
  ink: '#2f2a26',
  muted: '#665d55',
  teal: '#0f766e',
  tealSoft: '#d9efec',
  terracotta: '#9c4a32',
  serif: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Times New Roman", serif',
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
} as const;

export interface LayoutProps {
  /** The shop's public base URL (links and the logo). */
  shopUrl: string;
  /** The line inboxes show after the subject. */
  preview: string;
  children: ReactNode;
  /** Marketing only: the unsubscribe link shown in the footer (the headers carry the one-click form). */
  unsubscribeUrl?: string | undefined;
}

/** Every message's frame: the logo, a white card on cream, and the shop's footer. */
export function Layout({ shopUrl, preview, children, unsubscribeUrl }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: BRAND.cream, color: BRAND.ink, fontFamily: BRAND.sans, margin: 0, padding: '24px 0' }}
      >
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 0 16px' }}>
            <Link href={shopUrl} style={{ color: BRAND.teal, textDecoration: 'none' }}>
              <Img
                src={`${shopUrl}/mail/logo.png`}
                width="40"
                height="40"
                alt="Kapaas"
                style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: '8px' }}
              />
              <span
                style={{
                  fontFamily: BRAND.serif,
                  fontSize: '24px',
                  color: BRAND.teal,
                  verticalAlign: 'middle',
                  paddingLeft: '10px',
                }}
              >
                Kapaas
              </span>
            </Link>
          </Section>
          <Section
            style={{
              backgroundColor: BRAND.ivory,
              border: `1px solid ${BRAND.line}`,
              borderRadius: '12px',
              padding: '24px',
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: BRAND.line, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: 0 }}>
            Kapaas · organic-cotton clothing for children ·{' '}
            <Link href={`${shopUrl}/contact`} style={{ color: BRAND.teal }}>
              Contact us
            </Link>
          </Text>
          {unsubscribeUrl ? (
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: '8px 0 0' }}>
              You received this because you asked us to write to you.{' '}
              <Link href={unsubscribeUrl} style={{ color: BRAND.teal }}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** A heading in the shop's serif. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{ fontFamily: BRAND.serif, fontSize: '24px', lineHeight: '30px', color: BRAND.ink, margin: '0 0 12px' }}
    >
      {children}
    </Text>
  );
}

/** A paragraph. */
export function Para({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '22px', color: BRAND.ink, margin: '0 0 12px' }}>{children}</Text>;
}

/** The message's one action, as a teal button. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ padding: '8px 0 16px' }}>
      <Link
        href={href}
        style={{
          backgroundColor: BRAND.teal,
          color: '#ffffff',
          borderRadius: '8px',
          padding: '12px 20px',
          fontWeight: 600,
          fontSize: '15px',
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        {children}
      </Link>
    </Section>
  );
}
