import { ticketsEndpoints } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aLoginResult, aStoredSession, jsonResponse } from '../../test/fixtures';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { stubUploads } from '../../test/xhr-stub';
import { writeSession } from '../session/session-store';
import { ApiError } from './api-error';
import { apiUpload } from './api-upload';

const network = stubFetchForEachTest();
const attachment = {
  id: 5,
  file_name: 'a.pdf',
  size: 3,
  content_type: 'application/pdf',
  inline: false,
  thumbnail: false,
  created_date: '2026-11-21T15:04:00.000Z',
};
const form = () => {
  const body = new FormData();
  body.append('file', new File(['abc'], 'a.pdf'));
  return body;
};

beforeEach(() => writeSession(aStoredSession({ access_token: 'access-1', refresh_token: 'refresh-1', token: 'access-1' })));
afterEach(() => vi.unstubAllGlobals());

describe('apiUpload (decision 0047)', () => {
  it('posts the form with the session’s token, reports progress and returns the typed result', async () => {
    const uploads = stubUploads();
    const progress = vi.fn();
    const result = apiUpload(ticketsEndpoints.uploadTicketAttachment, { form: form(), onProgress: progress });
    expect(uploads[0]!.headers).toMatchObject({ authorization: 'Bearer access-1', accept: 'application/json' });
    expect(uploads[0]!.headers).not.toHaveProperty('content-type');
    uploads[0]!.progress(1, 3);
    uploads[0]!.answer(201, { errors: false, result: attachment });
    await expect(result).resolves.toEqual(attachment);
    expect(progress).toHaveBeenCalledWith({ loaded: 1, total: 3 });
  });

  it('refreshes the session once on a 401 and sends the file again with the fresh token', async () => {
    const uploads = stubUploads();
    network.fetch.mockResolvedValueOnce(
      jsonResponse({ errors: false, result: aLoginResult({ access_token: 'access-2', refresh_token: 'refresh-2', token: 'access-2' }) }),
    );
    const result = apiUpload(ticketsEndpoints.uploadTicketAttachment, { form: form() });
    uploads[0]!.answer(401, { errors: true, message: 'Token expired' });
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.headers.authorization).toBe('Bearer access-2');
    uploads[1]!.answer(201, { errors: false, result: attachment });
    await expect(result).resolves.toEqual(attachment);
  });

  it('rejects with the server’s message and status, and as an abort when stopped', async () => {
    const uploads = stubUploads();
    const refused = apiUpload(ticketsEndpoints.uploadTicketAttachment, { form: form() }).catch((error: unknown) => error);
    uploads[0]!.answer(413, { errors: true, message: 'A file can be at most 25 MB.' });
    const error = (await refused) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'A file can be at most 25 MB.', fromServer: true });

    const controller = new AbortController();
    const stopped = apiUpload(ticketsEndpoints.uploadTicketAttachment, { form: form(), signal: controller.signal }).catch((reason: unknown) => reason);
    controller.abort();
    expect(await stopped).toMatchObject({ name: 'AbortError' });
    expect(uploads[1]!.aborted).toBe(true);
  });
});
