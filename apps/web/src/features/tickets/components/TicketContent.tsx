import { Text, Typography } from '@mantine/core';
import { isHtml, sanitizeTicketHtml } from '../ticket-html';
import classes from './TicketContent.module.css';

/** Spec §2: HTML (sanitized with DOMPurify) when the text contains '<', else plain text with its line breaks. */
export function TicketContent({ text }: { text: string }) {
  if (!isHtml(text)) {
    return (
      <Text size="sm" className={classes.plain} data-testid="ticket-content">
        {text}
      </Text>
    );
  }
  return (
    <Typography className={classes.html} data-testid="ticket-content">
      <div dangerouslySetInnerHTML={{ __html: sanitizeTicketHtml(text) }} />
    </Typography>
  );
}
