import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { AUDIT_KINDS } from '@portal/contract';
import { SelectLoadedOnUse } from '../../../shared/ui/SelectLoadedOnUse';
import { kindLabel, OUTCOME_LABELS } from '../audit-display';
import { daysOutOfOrder, filtered, type AuditView } from '../audit-view';
import classes from './AuditFilters.module.css';

const KIND_OPTIONS = [{ value: '', label: 'All' }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))];
const OUTCOME_OPTIONS = [{ value: '', label: 'Any' }, ...Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label }))];
/** A phone's half-width column holds the browser's date field (mm/dd/yyyy and its calendar button) with less padding. */
const DATE_FIELD = { input: { paddingInlineStart: 8, paddingInlineEnd: 4, fontSize: 13 } };
export const TO_BEFORE_FROM = 'The last day must not be before the first';

interface AuditFiltersProps {
  view: AuditView;
  /** What is typed in the search box, before it is sent (debounced by the page). */
  searchText: string;
  onSearchText: (text: string) => void;
  people: { value: string; label: string }[];
  onChange: (changes: Partial<AuditView>) => void;
  onClear: () => void;
}

/** Search, person, kind, outcome and days: each change goes to the address, and the list follows it. */
export function AuditFilters({ view, searchText, onSearchText, people, onChange, onClear }: AuditFiltersProps) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm" role="search" aria-label="Filter the audit log">
        <TextInput
          className={classes.search}
          label="Search"
          placeholder="Name, e-mail, address…"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchText}
          maxLength={100}
          onChange={(event) => onSearchText(event.currentTarget.value)}
        />
        <SelectLoadedOnUse
          label="Person"
          data={[{ value: '', label: 'Everyone' }, ...people]}
          value={view.person}
          searchable
          onChange={(value) => onChange({ person: value ?? '' })}
          allowDeselect={false}
        />
        <SelectLoadedOnUse label="Kind" data={KIND_OPTIONS} value={view.kind} onChange={(value) => onChange({ kind: value ?? '' })} allowDeselect={false} />
        <SelectLoadedOnUse
          label="Outcome"
          data={OUTCOME_OPTIONS}
          value={view.outcome}
          onChange={(value) => onChange({ outcome: value ?? '' })}
          allowDeselect={false}
        />
        <TextInput label="From" type="date" styles={DATE_FIELD} value={view.from} onChange={(event) => onChange({ from: event.currentTarget.value })} />
        <TextInput
          label="To"
          type="date"
          styles={DATE_FIELD}
          value={view.to}
          error={daysOutOfOrder(view) ? TO_BEFORE_FROM : undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      {filtered(view) && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" leftSection={<IconX size={16} aria-hidden="true" />} onClick={onClear}>
            Clear the filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}
