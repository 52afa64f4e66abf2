// Each component from its own package: the @react-email/components barrel also loads its code
// block's Prism and every language it highlights: a third of the server's start-up CPU.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  brandColors,
  brandFonts,
  STORE_NAME,
  STORE_TAGLINE,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_PHONE,
} from '@shop/core';
import type { CSSProperties, ReactNode } from 'react';

/** What every template is rendered with besides its data. */
export interface RenderContext {
  /** The shop's public origin (PUBLIC_URL), without a trailing slash: every link starts with it. */
  publicUrl: string;
}

/** A path on the shop as a full address shoppers can open from their mailbox. */
export function shopUrl(context: RenderContext, path: string): string {
  return `${context.publicUrl}${path}`;
}

const c = brandColors;

const styles = {
  body: { backgroundColor: c.paper, color: c.ink, fontFamily: brandFonts.sans, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: `1px solid ${c.line}`,
    borderRadius: '16px',
    maxWidth: '560px',
    margin: '0 auto',
    overflow: 'hidden',
  },
  header: { backgroundColor: c.ink, padding: '20px 28px' },
  storeName: {
    color: '#ffffff',
    fontFamily: brandFonts.display,
    fontSize: '24px',
    letterSpacing: '0.18em',
    margin: 0,
    textDecoration: 'none',
  },
  tagline: { color: 'rgba(255,255,255,0.75)', fontSize: '12px', margin: '4px 0 0' },
  content: { padding: '28px' },
  heading: { fontFamily: brandFonts.display, fontSize: '26px', lineHeight: '1.25', margin: '0 0 16px', color: c.ink },
  text: { fontSize: '15px', lineHeight: '24px', margin: '0 0 16px', color: c.inkSoft },
  button: {
    backgroundColor: c.ink,
    borderRadius: '999px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  footer: { backgroundColor: c.sand, padding: '20px 28px' },
  footerText: { fontSize: '12px', lineHeight: '20px', margin: '0 0 8px', color: c.muted },
  link: { color: c.accent, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={styles.heading}>
      {children}
    </Heading>
  );
}

/** The message's one call to action; its address is also written out for mail readers without buttons. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text style={{ ...styles.footerText, margin: '12px 0 0' }}>
        Or open this address:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/**
 * The frame of every message: the store's name on top; below, how to reach us and why this
 * mail came. No images and nothing fetched from elsewhere, so nothing reports an opening.
 */
export function Layout({
  context,
  preview,
  reason,
  children,
}: {
  context: RenderContext;
  /** The line mail apps show beside the subject. */
  preview: string;
  /** Why the recipient gets this mail. */
  reason: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={context.publicUrl} style={styles.storeName}>
              {STORE_NAME}
            </Link>
            <Text style={styles.tagline}>{STORE_TAGLINE}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Section style={styles.footer}>
            <Text style={styles.footerText}>
              Questions? Write to <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink> or call{' '}
              {SUPPORT_PHONE} ({SUPPORT_HOURS}). We reply within 24-48 hours.
            </Text>
            <Hr style={{ borderColor: c.line, margin: '8px 0' }} />
            <Text style={styles.footerText}>
              {reason} {STORE_NAME},{' '}
              <TextLink href={context.publicUrl}>{context.publicUrl.replace(/^https?:\/\//, '')}</TextLink>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
