import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { ticketsEndpoints, type TicketAttachment } from '@portal/contract';
import { IconDownload, IconPhoto } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiDownload, errorMessage, saveFile } from '../../../shared/api';

export const DOWNLOAD_ERROR = 'The file could not be downloaded';

/** 1,234 bytes → "1.2 KB": what a person compares, not the exact count. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The files under an entry (docs/decisions/0047): name, size and type; every one a download. An image opens full size
 * in a new tab from its inline path (the server shows only raster images there); nothing else is ever shown inline.
 */
export function TicketAttachments({ files }: { files: TicketAttachment[] | undefined }) {
  if (!files || files.length === 0) return null;
  return (
    <Stack gap={4} component="ul" aria-label="Attachments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <li key={file.id}>
          <AttachmentRow file={file} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * An image's thumbnail, fetched with the session (an <img> cannot carry the token) and shown from a blob address;
 * clicking it opens the image full size. Nothing while it loads or when it cannot be had: the row still names the file.
 */
function Thumbnail({ file, onOpen }: { file: TicketAttachment; onOpen: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let address: string | null = null;
    let cancelled = false;
    apiDownload(ticketsEndpoints.ticketAttachmentThumbnail, { params: { id: file.id }, fallbackFilename: file.file_name })
      .then((got) => {
        if (cancelled) return;
        address = URL.createObjectURL(got.blob);
        setUrl(address);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [file.id, file.file_name]);
  if (!url) return null;
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Open ${file.file_name} full size`}>
      <img src={url} alt="" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }} />
    </UnstyledButton>
  );
}

function AttachmentRow({ file }: { file: TicketAttachment }) {
  const download = useMutation({
    mutationFn: async (as: 'download' | 'view') => {
      const endpoint = as === 'view' ? ticketsEndpoints.viewTicketAttachment : ticketsEndpoints.downloadTicketAttachment;
      const got = await apiDownload(endpoint, { params: { id: file.id }, fallbackFilename: file.file_name });
      if (as === 'download') return saveFile(got);
      const url = URL.createObjectURL(got.blob);
      window.open(url, '_blank', 'noopener');
      // The tab has its own copy once opened.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
  return (
    <Group gap="xs" wrap="wrap">
      {file.thumbnail && file.inline && <Thumbnail file={file} onOpen={() => download.mutate('view')} />}
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {file.file_name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatFileSize(file.size)} · {file.content_type}
      </Text>
      {file.inline && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPhoto size={14} aria-hidden="true" />}
          onClick={() => download.mutate('view')}
          aria-label={`View ${file.file_name}`}
        >
          View
        </Button>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden="true" />}
        loading={download.isPending}
        onClick={() => download.mutate('download')}
        aria-label={`Download ${file.file_name}`}
      >
        Download
      </Button>
      {download.isError && (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(download.error, DOWNLOAD_ERROR)}
        </Text>
      )}
    </Group>
  );
}
