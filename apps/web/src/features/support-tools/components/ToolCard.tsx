import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconDownload, IconExternalLink, IconHeadset, IconNetwork, IconServerBolt, IconTool, type Icon } from '@tabler/icons-react';
import type { SupportTool } from '@portal/contract';
import { Fact } from '../../../shared/ui/Fact';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { knownPlatforms, osLabel } from '../support-tools-display';

const ICONS: Record<string, Icon> = { rmm_agent: IconDeviceDesktopAnalytics, remote_assist: IconHeadset, meshcentral: IconServerBolt, diagnostic: IconNetwork };

/** One tool of the catalogue: what it is, where it runs, its size and documentation, and its marks. */
export function ToolCard({ tool, onDownload }: { tool: SupportTool; onDownload: (tool: SupportTool) => void }) {
  const ToolIcon = ICONS[tool.type] ?? IconTool;
  const platforms = knownPlatforms(tool);
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`tool-${tool.id}-name`}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
            <ToolIcon size={22} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={6} miw={0}>
            <Title order={3} fz="md" id={`tool-${tool.id}-name`} style={{ overflowWrap: 'anywhere' }}>
              {tool.name}
            </Title>
            {(tool.requires_custom_build || tool.one_time_use) && (
              <Group gap={6}>
                {tool.requires_custom_build && <StatusBadge colour="blue">Custom build</StatusBadge>}
                {tool.one_time_use && <StatusBadge colour="orange">One-time link</StatusBadge>}
              </Group>
            )}
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {tool.description}
        </Text>
        <Group gap="xl" component="dl" m={0} align="flex-start">
          <Fact term label="Platforms" value={platforms.length ? platforms.map(osLabel).join(', ') : 'None listed'} />
          <Fact term label="File size" value={tool.file_size} />
        </Group>
        <Group justify="space-between" gap="sm" mt="auto" pt="xs">
          {tool.documentation ? (
            <Anchor href={tool.documentation} target="_blank" rel="noopener noreferrer" size="sm" fw={500}>
              <Group gap={4} wrap="nowrap" component="span">
                Documentation
                <VisuallyHidden>for {tool.name} (opens in a new tab)</VisuallyHidden>
                <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No documentation
            </Text>
          )}
          {/* The visible word starts the accessible name (WCAG 2.5.3), which says which tool. */}
          <Button
            aria-label={`Download ${tool.name}`}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => onDownload(tool)}
            disabled={platforms.length === 0}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
