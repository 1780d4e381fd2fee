import { Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditEntry } from '@portal/contract';
import { formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { WHOLE_VALUE } from '../../../shared/ui/whole-value';
import { actionLabel, detailsLine, kindLabel, OUTCOME_COLOURS, OUTCOME_LABELS } from '../audit-display';

interface AuditEntriesProps {
  entries: AuditEntry[];
  timeZone: string;
}

/**
 * One page of the log: a table on a wide screen (When, Person, What, Outcome, From), one card per entry below it. Only
 * the layout in use is rendered, as on the Users screen.
 */
export function AuditEntries(props: AuditEntriesProps) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  return wide ? <EntryRows {...props} /> : <EntryCards {...props} />;
}

/** Whom the entry is about, and who acted when that was someone else (an administrator, the provider). */
function person(entry: AuditEntry): { name: string; actedBy?: string } {
  if (!entry.contact_name) return { name: entry.actor };
  const own = entry.actor.toLowerCase() === entry.contact_email?.toLowerCase();
  return own ? { name: entry.contact_name } : { name: entry.contact_name, actedBy: entry.actor };
}

function Outcome({ entry }: { entry: AuditEntry }) {
  return <StatusBadge colour={OUTCOME_COLOURS[entry.outcome] ?? 'gray'}>{OUTCOME_LABELS[entry.outcome] ?? entry.outcome}</StatusBadge>;
}

function When({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  return (
    <time dateTime={entry.at} className={WHOLE_VALUE}>
      {formatDateTime(entry.at, timeZone)}
    </time>
  );
}

function EntryRows({ entries, timeZone }: AuditEntriesProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" aria-label="Audit log" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>From</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const { name, actedBy } = person(entry);
            const details = detailsLine(entry.details);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm">
                    <When entry={entry} timeZone={timeZone} />
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {actedBy && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      by {actedBy}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={380}>
                  <Text size="sm">{actionLabel(entry)}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {kindLabel(entry.kind)}
                    {details && ` · ${details}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Outcome entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" title={entry.user_agent ?? undefined}>
                    {entry.ip ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryCards({ entries, timeZone }: AuditEntriesProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Audit log" style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const { name, actedBy } = person(entry);
        const details = detailsLine(entry.details);
        return (
          <Paper key={entry.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {actionLabel(entry)} <Outcome entry={entry} />
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {name}
                {actedBy && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    by {actedBy}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <When entry={entry} timeZone={timeZone} />
                {entry.ip && ` · ${entry.ip}`}
                {` · ${kindLabel(entry.kind)}`}
                {details && ` · ${details}`}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
