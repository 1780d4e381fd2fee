import { ActionIcon, Alert, Button, Divider, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload, IconInfoCircle, IconLink } from '@tabler/icons-react';
import { COPY_CONFIRMATION_MS, DEFAULT_TOOL_LINK_VALID_HOURS, DOWNLOAD_TOAST_MS, formatFileSize, type DownloadLink, type SupportTool } from '@portal/contract';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { useDirectDownload, useMakeLink, type OsType } from '../api/support-tools-queries';
import {
  DOWNLOAD_STARTED,
  downloadErrorMessage,
  isConfigurationNotFound,
  knownPlatforms,
  LINK_VALIDITY_HOURS,
  osLabel,
  validityLabel,
} from '../support-tools-display';

interface DownloadToolModalProps {
  tool: SupportTool | null;
  customerName: string;
  onClose: () => void;
  /** The account is not in the monitoring system: the panel explains (docs/product.md §8). */
  onConfigurationNotFound: () => void;
}

/**
 * Downloading a tool (docs/product.md §4, Support download): choose the OS, then either download
 * the file now (idle → loading → the file downloads and 'Download Started!' shows for 5 seconds) or
 * make a link for a technician (idle → loading → link ready, with its expiry and a copy button).
 */
export function DownloadToolModal({ tool, customerName, onClose, onConfigurationNotFound }: DownloadToolModalProps) {
  return (
    <Modal
      opened={tool !== null}
      onClose={onClose}
      title={tool ? `Download ${tool.name}` : 'Download'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {tool && <DownloadToolForm key={tool.id} tool={tool} customerName={customerName} onClose={onClose} onConfigurationNotFound={onConfigurationNotFound} />}
    </Modal>
  );
}

function DownloadToolForm({ tool, customerName, onClose, onConfigurationNotFound }: DownloadToolModalProps & { tool: SupportTool }) {
  const { timeZone } = useSignedInUser();
  const platforms = knownPlatforms(tool);
  const [os, setOs] = useState<OsType>(platforms[0] ?? 'windows');
  const [validHours, setValidHours] = useState<string>(String(DEFAULT_TOOL_LINK_VALID_HOURS));
  const download = useDirectDownload();
  const makeLink = useMakeLink();
  const busy = download.isPending || makeLink.isPending;

  function failed(error: unknown) {
    if (isConfigurationNotFound(error)) onConfigurationNotFound();
  }

  function startDownload() {
    makeLink.reset();
    download.mutate(
      { tool, os },
      {
        onSuccess: (filename) => {
          notifications.show({
            color: 'green',
            title: DOWNLOAD_STARTED,
            message: `${filename} is downloading.`,
            autoClose: DOWNLOAD_TOAST_MS,
            // Under a title Mantine dims the message below AA contrast; the body text colour passes.
            styles: { description: { color: 'var(--mantine-color-text)' } },
          });
          onClose();
        },
        onError: failed,
      },
    );
  }

  function createLink() {
    download.reset();
    makeLink.mutate({ tool, os, validHours: Number(validHours) }, { onError: failed });
  }

  const error = [download.error, makeLink.error].find((e) => e && !isConfigurationNotFound(e));

  return (
    <Stack gap="md">
      {tool.requires_custom_build ? (
        <Paper
          radius="md"
          p="md"
          bg="light-dark(var(--mantine-color-blue-0), rgba(34, 139, 230, 0.15))"
          aria-label="About the remote monitoring agent"
          role="note"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconInfoCircle
              size={20}
              aria-hidden="true"
              style={{ flexShrink: 0, color: 'light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))' }}
            />
            <Stack gap={4}>
              <Text fw={600} size="sm" c="light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-2))">
                Built for your organization
              </Text>
              <Text size="sm">
                The remote monitoring agent is built for <strong>{customerName}</strong>: it carries your organization’s monitoring configuration, so every
                device it is installed on reports to your account. Install it only on your organization’s devices.
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <Text size="sm">{tool.description}</Text>
      )}

      <Stack gap={6}>
        <Text component="label" id="tool-os-label" size="sm" fw={600}>
          Operating system
        </Text>
        <SegmentedControl
          aria-labelledby="tool-os-label"
          value={os}
          onChange={(value) => {
            setOs(value as OsType);
            makeLink.reset();
          }}
          data={platforms.map((value) => ({ value, label: osLabel(value) }))}
          fullWidth
          disabled={busy}
        />
      </Stack>

      {error != null && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          styles={{ message: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-2))' } }}
        >
          {downloadErrorMessage(error)}
        </Alert>
      )}

      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
          Download the {osLabel(os)} file to this computer now{tool.file_sizes?.[os] === undefined ? '' : ` (${formatFileSize(tool.file_sizes[os])})`}.
        </Text>
        <Button leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={startDownload} loading={download.isPending} disabled={makeLink.isPending}>
          Download for {osLabel(os)}
        </Button>
      </Group>

      <Divider label="or send a link" labelPosition="center" />

      {makeLink.data ? (
        <LinkReady link={makeLink.data} timeZone={timeZone} oneTime={tool.one_time_use} onAnother={() => makeLink.reset()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A technician can open the link on the device being set up without signing in.{tool.one_time_use ? ' Links to this tool work only once.' : ''}
          </Text>
          <Group align="flex-end" gap="sm">
            <Select
              label="Link valid for"
              data={LINK_VALIDITY_HOURS.map((hours) => ({ value: String(hours), label: validityLabel(hours) }))}
              value={validHours}
              onChange={(value) => value && setValidHours(value)}
              allowDeselect={false}
              disabled={busy}
              w={{ base: '100%', xs: 180 }}
            />
            <Button
              variant="default"
              leftSection={<IconLink size={16} aria-hidden="true" />}
              onClick={createLink}
              loading={makeLink.isPending}
              disabled={download.isPending}
            >
              Create {osLabel(os)} link
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function LinkReady({ link, timeZone, oneTime, onAnother }: { link: DownloadLink; timeZone: string; oneTime: boolean; onAnother: () => void }) {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  const copyLabel = clipboard.copied ? 'Link copied' : 'Copy link';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      role="region"
      aria-label="Download link ready"
    >
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Your link is ready
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label="Download link" value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} />
          <Tooltip label={copyLabel} withArrow>
            <ActionIcon size={36} variant="default" onClick={() => clipboard.copy(link.url)} aria-label={copyLabel}>
              {clipboard.copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="sm">
          Expires <time dateTime={link.expires_at}>{formatDateTime(link.expires_at, timeZone)}</time>
          {oneTime ? ' · works once' : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={onAnother}>
            Make another link
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
