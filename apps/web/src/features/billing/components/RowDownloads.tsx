import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api';

/**
 * The download buttons of a list's rows (a statement's PDF, a payment's receipt): one file at a time, its button
 * loading and the others disabled meanwhile; the file's name in a notice when it is on its way, or why it is not.
 * `fetchFile` downloads the row's file and resolves with its name.
 */
export function useRowDownloads<Row extends { _id: string }>(fetchFile: (row: Row) => Promise<string>, failedTitle: string) {
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(row: Row) {
    setDownloading(row._id);
    try {
      const filename = await fetchFile(row);
      notifications.show({ color: 'green', message: `${filename} is downloading.` });
    } catch (error) {
      notifications.show({ color: 'red', title: failedTitle, message: errorMessage(error, failedTitle) });
    } finally {
      setDownloading(null);
    }
  }

  /** A row's button: `label` names the file to a screen reader, `children` is what it reads on screen. */
  return (row: Row, label: string, children: ReactNode) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      loading={downloading === row._id}
      disabled={downloading !== null && downloading !== row._id}
      onClick={() => void download(row)}
      aria-label={label}
      // Beside a wrapping date on a phone, the button keeps its width rather than clipping its text.
      style={{ flexShrink: 0 }}
    >
      {children}
    </Button>
  );
}
