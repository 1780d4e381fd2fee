import { ActionIcon, Tooltip } from '@mantine/core';
import { COPY_CONFIRMATION_MS } from '@portal/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Copies what `value()` gives to the clipboard and says so for two seconds (docs/product.md §9). */
export function CopyValueButton({
  label,
  value,
  onError,
}: {
  label: string;
  value: () => Promise<string | null> | string | null;
  onError?: (error: unknown) => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      const text = await value();
      if (text === null) return;
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      onError?.(error);
    }
  }

  return (
    <Tooltip label={copied ? 'Copied' : label} withArrow>
      <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={() => void copy()} aria-label={copied ? `${label}: copied` : label}>
        {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
