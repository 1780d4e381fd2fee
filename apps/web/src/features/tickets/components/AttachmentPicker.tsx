import { Button, FileButton, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPaperclip } from '@tabler/icons-react';
import { useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_FILE_BYTES, type AttachmentUploads, type PendingFile } from '../attachment-uploads';
import { formatFileSize } from './TicketAttachments';
import classes from './AttachmentPicker.module.css';

export const ATTACH_FILES = 'Attach files';
export const DROP_HERE = 'Drop the files to attach them';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A form files can be dropped on (docs/decisions/0047): while files are dragged over it, it shows that it takes them;
 * dropped files go to `uploads`. A pasted image (a screenshot from the clipboard) is taken too, while pasted text stays
 * text. The picker button in `AttachmentPicker` is the way that needs no mouse.
 */
export function AttachmentDropTarget({ uploads, children }: { uploads: AttachmentUploads; children: ReactNode }) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them, so the state ends when the pointer leaves the form.
  const depth = useRef(0);
  const leave = () => {
    depth.current = 0;
    setOver(false);
  };
  return (
    <div
      className={classes.dropTarget}
      data-over={over || undefined}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        depth.current -= 1;
        if (depth.current <= 0) leave();
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        leave();
        uploads.add(Array.from(event.dataTransfer.files));
      }}
      onPaste={(event: ClipboardEvent) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        // Text (and a picture that comes with its text, as from a web page) is pasted as text.
        if (files.length === 0 || event.clipboardData.getData('text/plain') !== '') return;
        event.preventDefault();
        uploads.add(files);
      }}
    >
      {children}
      {over && (
        <div className={classes.dropMessage} aria-hidden="true">
          <IconPaperclip size={20} />
          {DROP_HERE}
        </div>
      )}
    </div>
  );
}

/** The picker button, the limits, and a row for each file: name, size, progress or error, and Remove. */
export function AttachmentPicker({ uploads, disabled = false }: { uploads: AttachmentUploads; disabled?: boolean }) {
  const reset = useRef<() => void>(null);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          multiple
          resetRef={reset}
          disabled={disabled}
          onChange={(files) => {
            uploads.add(files);
            // The same file can be chosen again after it was removed.
            reset.current?.();
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="sm" leftSection={<IconPaperclip size={16} aria-hidden="true" />} disabled={disabled}>
              {ATTACH_FILES}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" className={classes.hint}>
          Or drop or paste them here. Up to {ATTACHMENT_MAX_FILES} files, {ATTACHMENT_MAX_FILE_BYTES / (1024 * 1024)} MB each.
        </Text>
      </Group>
      {uploads.files.length > 0 && (
        <ul className={classes.list} aria-label="Files to attach">
          {uploads.files.map((file) => (
            <li key={file.key} className={classes.row} data-status={file.status}>
              <FileRow file={file} onRemove={() => uploads.remove(file.key)} />
            </li>
          ))}
        </ul>
      )}
      <VisuallyHidden aria-live="polite" role="status">
        {uploads.announcement}
      </VisuallyHidden>
    </Stack>
  );
}

function FileRow({ file, onRemove }: { file: PendingFile; onRemove: () => void }) {
  const percent = file.size > 0 ? Math.min(100, Math.round((file.loaded / file.size) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} className={classes.name}>
          <Text size="sm" fw={500} className={classes.fileName}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)}
            {file.status === 'uploading' && ` · ${percent}%`}
            {file.status === 'done' && (
              <>
                {' · '}
                <IconCheck size={12} aria-hidden="true" className={classes.doneIcon} /> Uploaded
              </>
            )}
          </Text>
        </Stack>
        <Button size="compact-sm" variant="subtle" color="gray" className={classes.remove} aria-label={`Remove ${file.name}`} onClick={onRemove}>
          Remove
        </Button>
      </Group>
      {file.status === 'uploading' && <Progress value={percent} size="sm" aria-label={`Uploading ${file.name}`} />}
      {file.status === 'failed' && (
        <Text size="xs" className={classes.error}>
          {file.error}
        </Text>
      )}
    </Stack>
  );
}
