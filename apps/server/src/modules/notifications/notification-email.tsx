import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

export interface NotificationEmailProps {
  providerName: string;
  /** The provider's colour (PROVIDER_COLOR): the header's rule and the button. */
  color: string;
  firstname: string;
  title: string;
  body: string;
  link: string;
  /** "Stop e-mails about tickets" and its page, or none for a security notice (always sent). */
  unsubscribe: { label: string; page: string } | undefined;
}

const page = { backgroundColor: '#f4f6fa', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '28px 32px' };
const small = { color: '#5c6370', fontSize: 13, lineHeight: '20px', margin: '0 0 8px' };

/**
 * A notification by mail (decision 0046), in the in-portal notification's words: the provider's name and colour, the
 * title and text, one button to the thing, and the way out of this category. react-email renders it to HTML that
 * mail programs show (tables, inline styles) and to the plain-text part.
 */
export function NotificationEmail({ providerName, color, firstname, title, body, link, unsubscribe }: NotificationEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{title}</Preview>
      <Body style={page}>
        <Container style={{ ...card, borderTop: `4px solid ${color}` }}>
          <Text style={{ color, fontSize: 14, fontWeight: 700, letterSpacing: 0.2, margin: '0 0 20px' }}>{providerName}</Text>
          <Text style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 12px', color: '#1f2328' }}>Hello {firstname},</Text>
          <Text style={{ fontSize: 18, lineHeight: '26px', fontWeight: 700, margin: '0 0 8px', color: '#1f2328' }}>{title}</Text>
          {body && <Text style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 20px', color: '#1f2328' }}>{body}</Text>}
          <Section style={{ margin: '8px 0 24px' }}>
            <Button href={link} style={{ backgroundColor: color, borderRadius: 8, color: '#ffffff', fontSize: 15, fontWeight: 600, padding: '12px 20px' }}>
              Open it in the portal
            </Button>
          </Section>
          <Hr style={{ borderColor: '#e3e6ec', margin: '0 0 16px' }} />
          <Text style={small}>— {providerName}</Text>
          {unsubscribe ? (
            <Text style={small}>
              <Link href={unsubscribe.page} style={{ color: '#5c6370', textDecoration: 'underline' }}>
                {unsubscribe.label}
              </Link>
            </Text>
          ) : (
            <Text style={small}>Security notices are always sent.</Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}
