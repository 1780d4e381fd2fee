import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, renderSignedIn, stubApi } from '../../../test/signed-in';
import { formatFileSize, TicketAttachments } from './TicketAttachments';

afterEach(() => vi.unstubAllGlobals());

const png = {
  id: 3,
  file_name: 'printer error.png',
  size: 2048,
  content_type: 'image/png',
  inline: true,
  thumbnail: false,
  created_date: '2026-11-21T15:04:00.000Z',
};
const pdf = {
  id: 4,
  file_name: 'log.pdf',
  size: 3 * 1024 * 1024,
  content_type: 'application/pdf',
  inline: false,
  thumbnail: false,
  created_date: '2026-11-21T15:04:00.000Z',
};

describe('the files under an entry (decision 0047)', () => {
  it('lists name, size and type; an image can be viewed, every file downloaded', () => {
    stubApi({});
    renderSignedIn(<TicketAttachments files={[png, pdf]} />);
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(list).toHaveTextContent('printer error.png');
    expect(list).toHaveTextContent('2.0 KB · image/png');
    expect(list).toHaveTextContent('3.0 MB · application/pdf');
    expect(screen.getByRole('button', { name: 'View printer error.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View log.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download log.pdf' })).toBeInTheDocument();
  });

  it('downloads through the API with the session, and says so when it fails', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/ticket-attachments/4': failure(404, 'Attachment not found') });
    renderSignedIn(<TicketAttachments files={[pdf]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download log.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Attachment not found');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('shows an image’s thumbnail, fetched with the session, that opens the image', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
    URL.revokeObjectURL = vi.fn();
    stubApi({
      'GET /api/crm/ticket-attachments/3/thumbnail': () =>
        Promise.resolve(new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'content-type': 'image/webp' } })),
    });
    renderSignedIn(<TicketAttachments files={[{ ...png, thumbnail: true }]} />);
    const open = await screen.findByRole('button', { name: 'Open printer error.png full size' });
    expect(open.querySelector('img')).toHaveAttribute('src', 'blob:thumbnail');
  });

  it('shows nothing when an entry has no files, or the answer has no such field', () => {
    const { container } = renderSignedIn(<TicketAttachments files={undefined} />);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('writes sizes as people compare them', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25.0 MB');
  });
});
