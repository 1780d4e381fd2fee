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

export interface DigestEmailProps {
  providerName: string;
  /** The provider's colour (PROVIDER_COLOR). */
  color: string;
  firstname: string;
  heading: string;
  /** Each notification in its in-portal words, with the address of the thing. */
  items: ReadonlyArray<{ title: string; body: string; link: string }>;
  /** The portal's notifications page and the profile, where the choice of a digest is changed. */
  allLink: string;
  settingsLink: string;
}

const page = { backgroundColor: '#f4f6fa', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '28px 32px' };
const text = { fontSize: 15, lineHeight: '24px', color: '#1f2328' };
const small = { color: '#5c6370', fontSize: 13, lineHeight: '20px', margin: '0 0 8px' };

/** The daily digest (decision 0046): the day's notifications in one mail, each a link, in the single notice's style. */
export function DigestEmail({ providerName, color, firstname, heading, items, allLink, settingsLink }: DigestEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{heading}</Preview>
      <Body style={page}>
        <Container style={{ ...card, borderTop: `4px solid ${color}` }}>
          <Text style={{ color, fontSize: 14, fontWeight: 700, letterSpacing: 0.2, margin: '0 0 20px' }}>{providerName}</Text>
          <Text style={{ ...text, margin: '0 0 12px' }}>Hello {firstname},</Text>
          <Text style={{ ...text, fontSize: 18, lineHeight: '26px', fontWeight: 700, margin: '0 0 16px' }}>{heading}</Text>
          {items.map((item, index) => (
            <Section key={index} style={{ margin: '0 0 16px' }}>
              <Link href={item.link} style={{ ...text, color, fontWeight: 600, textDecoration: 'underline' }}>
                {item.title}
              </Link>
              {item.body && <Text style={{ ...text, margin: '2px 0 0' }}>{item.body}</Text>}
            </Section>
          ))}
          <Section style={{ margin: '8px 0 24px' }}>
            <Button href={allLink} style={{ backgroundColor: color, borderRadius: 8, color: '#ffffff', fontSize: 15, fontWeight: 600, padding: '12px 20px' }}>
              See them in the portal
            </Button>
          </Section>
          <Hr style={{ borderColor: '#e3e6ec', margin: '0 0 16px' }} />
          <Text style={small}>— {providerName}</Text>
          <Text style={small}>
            You get this summary once a day because you chose it.{' '}
            <Link href={settingsLink} style={{ color: '#5c6370', textDecoration: 'underline' }}>
              Change your e-mail settings
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
