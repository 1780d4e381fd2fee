import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket, TicketAttachment } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { stubUploads } from '../../../test/xhr-stub';
import { FILE_TOO_LARGE, TOO_MANY_FILES } from '../attachment-uploads';
import { NewTicketModal } from './NewTicketModal';
import { TicketDetailModal } from './TicketDetailModal';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

afterEach(() => vi.unstubAllGlobals());

const aFile = (name: string, bytes = 1000, type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });
const uploaded = (id: number, name: string, size = 1000): TicketAttachment => ({
  id,
  file_name: name,
  size,
  content_type: 'application/pdf',
  inline: false,
  thumbnail: false,
  created_date: '2026-11-21T15:04:00.000Z',
});
const created = (id = 9): Ticket => ({
  id,
  ticket_number: 'TKT-1',
  subject: 'Printer',
  status: 'New',
  priority: 'medium',
  description: 'Jammed',
  created_date: '2026-11-21T15:04:00.000Z',
  last_modified_date: '2026-11-21T15:04:00.000Z',
  due_date: null,
  is_billable: false,
  is_taxable: false,
  time_rounded: 0,
  conversation: [],
  conversation_has_more: false,
});

function openNewTicket() {
  const onCreated = vi.fn();
  renderSignedIn(<NewTicketModal opened onClose={() => undefined} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
  const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { dialog, picker, onCreated };
}

async function fillTicket(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Printer');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Jammed');
}

describe('attaching files to a new ticket (decision 0047)', () => {
  it('uploads a chosen file at once, with the session, showing its progress and then that it is done', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog, picker } = openNewTicket();
    expect(within(dialog).getByRole('button', { name: 'Attach files' })).toBeInTheDocument();
    await userEvent.upload(picker, aFile('log.pdf', 2048));

    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.method).toBe('POST');
    expect(upload!.url).toMatch(/\/api\/crm\/ticket-attachments$/);
    expect(upload!.headers.authorization).toBe('Bearer access-token-1');
    expect(upload!.fileName).toBe('log.pdf');

    const files = within(dialog).getByRole('list', { name: 'Files to attach' });
    expect(files).toHaveTextContent('log.pdf');
    expect(files).toHaveTextContent('2.0 KB');
    act(() => upload!.progress(1024, 2048));
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading log.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    act(() => upload!.answer(201, { errors: false, result: uploaded(41, 'log.pdf', 2048) }));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    expect(files).toHaveTextContent('Uploaded');
    expect(within(dialog).getByRole('status')).toHaveTextContent('log.pdf uploaded');
  });

  it('refuses a file past the limit before sending a byte, in the server’s words', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog, picker } = openNewTicket();
    const big = aFile('video.mp4', 10);
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    await userEvent.upload(picker, big);
    expect(uploads).toHaveLength(0);
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).toHaveTextContent(FILE_TOO_LARGE);
    expect(FILE_TOO_LARGE).toBe('A file can be at most 25 MB.');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`video.mp4 was not attached: ${FILE_TOO_LARGE}`);
  });

  it('refuses the files past ten, in the server’s words', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog, picker } = openNewTicket();
    await userEvent.upload(
      picker,
      Array.from({ length: 11 }, (_, index) => aFile(`page-${index + 1}.pdf`)),
    );
    expect(uploads).toHaveLength(10);
    expect(TOO_MANY_FILES).toBe('At most 10 files can be attached at once.');
    const rows = within(within(dialog).getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem');
    expect(rows.at(-1)).toHaveTextContent('page-11.pdf');
    expect(rows.at(-1)).toHaveTextContent(TOO_MANY_FILES);
    expect(rows.at(-2)).not.toHaveTextContent(TOO_MANY_FILES);
  });

  it('shows the server’s message when it refuses a file', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog, picker } = openNewTicket();
    await userEvent.upload(picker, aFile('notes.pdf'));
    act(() => uploads[0]!.answer(422, { errors: true, message: 'The file is not one this portal keeps.' }));
    expect(await within(dialog).findByText('The file is not one this portal keeps.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('notes.pdf could not be uploaded: The file is not one this portal keeps.');
  });

  it('takes files dropped on the form, and shows where to drop while they are dragged over it', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog } = openNewTicket();
    const form = dialog.querySelector('form')!;
    const dataTransfer = { types: ['Files'], files: [aFile('dropped.pdf')], dropEffect: 'none' };
    fireEvent.dragEnter(form, { dataTransfer });
    expect(within(dialog).getByText('Drop the files to attach them')).toBeInTheDocument();
    fireEvent.drop(form, { dataTransfer });
    expect(within(dialog).queryByText('Drop the files to attach them')).toBeNull();
    expect(uploads.map((upload) => upload.fileName)).toEqual(['dropped.pdf']);
  });

  it('takes a pasted image, and leaves pasted text to the text box', async () => {
    const uploads = stubUploads();
    stubApi({});
    const { dialog } = openNewTicket();
    const box = within(dialog).getByRole('textbox', { name: 'Description' });
    fireEvent.paste(box, { clipboardData: { files: [aFile('image.png', 100, 'image/png')], getData: () => '' } });
    fireEvent.paste(box, { clipboardData: { files: [], getData: () => 'some text' } });
    expect(uploads.map((upload) => upload.fileName)).toEqual(['image.png']);
  });

  it('sends the ticket with the uploaded files’ ids, and not while one is still uploading', async () => {
    const uploads = stubUploads();
    const fetchMock = stubApi({ 'POST /api/crm/nable-tickets': ok(created()) });
    const { dialog, picker, onCreated } = openNewTicket();
    await fillTicket(dialog);
    await userEvent.upload(picker, [aFile('a.pdf'), aFile('b.pdf')]);
    const submit = within(dialog).getByRole('button', { name: 'Open Ticket' });
    expect(submit).toBeDisabled();

    act(() => uploads[0]!.answer(201, { errors: false, result: uploaded(41, 'a.pdf') }));
    expect(submit).toBeDisabled();
    act(() => uploads[1]!.answer(201, { errors: false, result: uploaded(42, 'b.pdf') }));
    await waitFor(() => expect(submit).toBeEnabled());

    await userEvent.click(submit);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ subject: 'Printer', description: 'Jammed', priority: 'medium', attachment_ids: [41, 42] });
  });

  it('Remove takes a file off the list, stopping its upload, and it is not sent', async () => {
    const uploads = stubUploads();
    const fetchMock = stubApi({ 'POST /api/crm/nable-tickets': ok(created()) });
    const { dialog, picker, onCreated } = openNewTicket();
    await fillTicket(dialog);
    await userEvent.upload(picker, [aFile('keep.pdf'), aFile('oops.pdf')]);
    act(() => uploads[0]!.answer(201, { errors: false, result: uploaded(41, 'keep.pdf') }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove oops.pdf' }));
    expect(uploads[1]!.aborted).toBe(true);
    expect(within(dialog).getByRole('list', { name: 'Files to attach' })).not.toHaveTextContent('oops.pdf');
    expect(within(dialog).getByRole('status')).toHaveTextContent('oops.pdf removed');

    const submit = within(dialog).getByRole('button', { name: 'Open Ticket' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ attachment_ids: [41] });
  });

  it('sends the spec’s body when no file is attached, and a failed file is not sent', async () => {
    const uploads = stubUploads();
    const fetchMock = stubApi({ 'POST /api/crm/nable-tickets': ok(created()) });
    const { dialog, picker, onCreated } = openNewTicket();
    await fillTicket(dialog);
    await userEvent.upload(picker, aFile('bad.pdf'));
    act(() => uploads[0]!.answer(413, { errors: true, message: 'A file can be at most 25 MB.' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Ticket' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ subject: 'Printer', description: 'Jammed', priority: 'medium' });
  });
});

describe('attaching files to a reply (decision 0047)', () => {
  it('sends the reply with the uploaded ids, and not while a file is uploading', async () => {
    const uploads = stubUploads();
    const ticket = { ...created(7), status: 'In Progress' };
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets/7': () => ok(ticket), 'POST /api/crm/nable-tickets/7': () => ok(ticket) });
    renderSignedIn(<TicketDetailModal ticketId={7} onClose={() => undefined} timeZone="UTC" onFollowUp={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    const box = await within(dialog).findByRole('textbox', { name: 'Add Response' });
    await userEvent.type(box, 'Here is the log.');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, aFile('log.pdf'));
    const send = within(dialog).getByRole('button', { name: 'Add Response' });
    expect(send).toBeDisabled();
    act(() => uploads[0]!.answer(201, { errors: false, result: uploaded(55, 'log.pdf') }));
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    await waitFor(() => expect(box).toHaveValue(''));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ description: 'Here is the log.', attachment_ids: [55] });
    expect(within(dialog).queryByRole('list', { name: 'Files to attach' })).toBeNull();
  });
});
