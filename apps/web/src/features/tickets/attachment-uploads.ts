import { ticketsEndpoints, type TicketAttachment } from '@portal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api';
import { apiUpload } from '../../shared/api/api-upload';

/**
 * The server's limits as it ships (docs/decisions/0047: ATTACHMENT_MAX_FILE_BYTES 25 MB, ATTACHMENT_MAX_FILES 10),
 * checked here before a byte goes out, in the server's own words. The server stays the judge: an installation with
 * other limits answers with its own message, which the row shows as it comes.
 */
export const ATTACHMENT_MAX_FILE_BYTES = 25 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 10;
export const FILE_TOO_LARGE = `A file can be at most ${ATTACHMENT_MAX_FILE_BYTES / (1024 * 1024)} MB.`;
export const TOO_MANY_FILES = `At most ${ATTACHMENT_MAX_FILES} files can be attached at once.`;
export const EMPTY_FILE = 'The file is empty.';
export const UPLOAD_ERROR = 'The file could not be uploaded';

export interface PendingFile {
  /** This list's own key (the server's id comes only once the upload is done). */
  key: number;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  /** Bytes sent so far, while uploading. */
  loaded: number;
  error?: string;
  uploaded?: TicketAttachment;
}

export interface AttachmentUploads {
  files: PendingFile[];
  /** Checks each file (size, count) and uploads those that pass, at once and side by side. */
  add: (files: readonly File[]) => void;
  /**
   * Takes a file off the list; an upload under way is stopped. The contract has no way to delete an unattached upload:
   * a finished one stays on the server, the uploader's alone, until the maintenance sweep removes it a day later.
   */
  remove: (key: number) => void;
  clear: () => void;
  uploading: boolean;
  /** The uploaded files' ids, for the ticket's or the reply's `attachment_ids`. */
  ids: number[];
  /** The last thing that happened to a file, for the screen reader's live region. */
  announcement: string;
}

/**
 * The files a new ticket or a reply will carry (docs/decisions/0047): each uploads on its own as soon as it is chosen
 * (`POST /crm/ticket-attachments`), with its progress, and is sent with the message by id.
 */
export function useAttachmentUploads(): AttachmentUploads {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  // The count check reads the list as it is now, not as the last render saw it (two drops in one frame).
  const current = useRef(files);
  current.current = files;

  const update = useCallback((key: number, change: Partial<PendingFile>) => {
    setFiles((list) => list.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const add = useCallback(
    (chosen: readonly File[]) => {
      let counted = current.current.filter((file) => file.status !== 'failed').length;
      const rows: PendingFile[] = [];
      for (const file of chosen) {
        const key = nextKey.current++;
        const row: PendingFile = { key, name: file.name || 'file', size: file.size, status: 'uploading', loaded: 0 };
        const refusal =
          file.size > ATTACHMENT_MAX_FILE_BYTES ? FILE_TOO_LARGE : file.size === 0 ? EMPTY_FILE : counted >= ATTACHMENT_MAX_FILES ? TOO_MANY_FILES : null;
        if (refusal) {
          rows.push({ ...row, status: 'failed', error: refusal });
          setAnnouncement(`${row.name} was not attached: ${refusal}`);
          continue;
        }
        counted += 1;
        rows.push(row);
        const controller = new AbortController();
        controllers.current.set(key, controller);
        const form = new FormData();
        form.append('file', file, file.name);
        apiUpload(ticketsEndpoints.uploadTicketAttachment, {
          form,
          signal: controller.signal,
          onProgress: ({ loaded }) => update(key, { loaded }),
        })
          .then((uploaded) => {
            update(key, { status: 'done', loaded: file.size, uploaded });
            setAnnouncement(`${row.name} uploaded`);
          })
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            const message = errorMessage(error, UPLOAD_ERROR);
            update(key, { status: 'failed', error: message });
            setAnnouncement(`${row.name} could not be uploaded: ${message}`);
          })
          .finally(() => controllers.current.delete(key));
      }
      if (rows.length > 0) setFiles((list) => [...list, ...rows]);
    },
    [update],
  );

  const remove = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const gone = current.current.find((file) => file.key === key);
    if (gone) setAnnouncement(`${gone.name} removed`);
    setFiles((list) => list.filter((file) => file.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setFiles([]);
    setAnnouncement('');
  }, []);

  // A closed form stops what it was still sending.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const ids = useMemo(() => files.flatMap((file) => (file.status === 'done' && file.uploaded ? [file.uploaded.id] : [])), [files]);
  return { files, add, remove, clear, uploading: files.some((file) => file.status === 'uploading'), ids, announcement };
}
