import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { RATING_QUESTION, RatingPrompt, ResolveControls } from './TicketCustomerClose';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const aTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 7,
  ticket_number: 'TKT-104233',
  subject: 'Label printer offline',
  status: 'In Progress',
  priority: 'high',
  description: 'It stopped.',
  created_date: '2026-11-21T15:04:00.000Z',
  last_modified_date: '2026-11-21T16:30:00.000Z',
  due_date: null,
  is_billable: false,
  is_taxable: false,
  time_rounded: 0,
  conversation: [],
  conversation_has_more: false,
  resolved_by_customer: null,
  rating: null,
  rating_asked: false,
  ...overrides,
});
const bodyOf = async (fetchMock: ReturnType<typeof stubApi>, call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as unknown;

describe('marking one’s ticket resolved (decision 0047)', () => {
  it('sends the note and shows the server’s refusal in the form, with a way to cancel', async () => {
    const fetchMock = stubApi({ 'POST /api/crm/nable-tickets/7/resolve': failure(409, 'This ticket is already closed.') });
    renderSignedIn(<ResolveControls ticket={aTicket()} timeZone="UTC" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as resolved' }));
    await userEvent.type(screen.getByLabelText(/Anything the help desk should know/), 'Works again');
    await userEvent.click(screen.getAllByRole('button', { name: 'Mark as resolved' }).at(-1)!);
    expect(await screen.findByText('This ticket is already closed.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, 0)).toEqual({ note: 'Works again' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Mark as resolved' })).toBeInTheDocument();
  });

  it('offers a reopen while the days allow, and none after', async () => {
    const fetchMock = stubApi({ 'POST /api/crm/nable-tickets/7/reopen': ok(aTicket()) });
    const resolvedAt = new Date(Date.now() - DAY);
    const resolved = {
      resolved_date: resolvedAt.toISOString(),
      note: 'Fixed by a restart',
      reopen_until: new Date(resolvedAt.getTime() + 7 * DAY).toISOString(),
    };
    const { unmount } = renderSignedIn(<ResolveControls ticket={aTicket({ resolved_by_customer: resolved })} timeZone="UTC" />);
    expect(screen.getByText('Your note: Fixed by a restart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    unmount();
    const late = { ...resolved, reopen_until: new Date(Date.now() - 1000).toISOString() };
    renderSignedIn(<ResolveControls ticket={aTicket({ resolved_by_customer: late })} timeZone="UTC" />);
    expect(screen.queryByRole('button', { name: 'Reopen ticket' })).toBeNull();
  });

  it('shows nothing on a closed ticket, or when the server has no such mark (the spec’s answer)', () => {
    const { container, unmount } = renderSignedIn(<ResolveControls ticket={aTicket({ status: 'Complete' })} timeZone="UTC" />);
    expect(container.querySelector('button')).toBeNull();
    unmount();
    const spec = aTicket();
    delete spec.resolved_by_customer;
    renderSignedIn(<ResolveControls ticket={spec} timeZone="UTC" />);
    expect(screen.queryByRole('button', { name: 'Mark as resolved' })).toBeNull();
  });
});

describe('How did we do?', () => {
  it('asks on a completed ticket, sends the score and comment, and shows the error with the form kept', async () => {
    const fetchMock = stubApi({ 'PUT /api/crm/nable-tickets/7/rating': failure(409, 'A rating can be changed for 7 days after it was given.') });
    renderSignedIn(<RatingPrompt ticket={aTicket({ status: 'Complete', rating_asked: true })} timeZone="UTC" />);
    expect(screen.getByRole('form', { name: RATING_QUESTION })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send rating' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '4 out of 5' }));
    expect(screen.getByRole('radio', { name: '4 out of 5' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Quick');
    await userEvent.click(send);
    expect(await screen.findByText('A rating can be changed for 7 days after it was given.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, 0)).toEqual({ score: 4, comment: 'Quick' });
  });

  it('shows the rating given, changeable while asked', async () => {
    const rating = { score: 5, comment: 'Great', rated_date: new Date().toISOString(), changeable_until: new Date(Date.now() + 6 * DAY).toISOString() };
    renderSignedIn(<RatingPrompt ticket={aTicket({ status: 'Complete', rating, rating_asked: true })} timeZone="UTC" />);
    expect(screen.getByText('5 out of 5')).toBeInTheDocument();
    expect(screen.getByText('“Great”')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change rating' }));
    expect(screen.getByRole('radio', { name: '5 out of 5' })).toHaveAttribute('aria-checked', 'true');
  });

  it('asks nothing of an open ticket', () => {
    const { container } = renderSignedIn(<RatingPrompt ticket={aTicket()} timeZone="UTC" />);
    expect(container.querySelector('form')).toBeNull();
  });
});
