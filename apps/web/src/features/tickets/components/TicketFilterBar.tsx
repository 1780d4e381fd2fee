import { Badge, Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconFilterOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import {
  DEFAULT_TICKET_FILTERS,
  hasNonDefaultFilter,
  SORT_OPTIONS,
  sortLabel,
  STATUS_FILTER_OPTIONS,
  statusFilterLabel,
  type TicketFilters,
  type TicketSort,
  type TicketStatusFilter,
} from '../ticket-display';
import { SelectLoadedOnUse } from '../../../shared/ui/SelectLoadedOnUse';

/** Mantine's Select cannot hold '' as a value; 'All Tickets' travels as this inside the control. */
const ALL = '__all__';
const toControl = (status: TicketStatusFilter) => (status === '' ? ALL : status);
const fromControl = (value: string) => (value === ALL ? '' : value) as TicketStatusFilter;

/**
 * Mantine keeps a Select's options mounted (hidden) from the start, so floating-ui measures the page for both
 * dropdowns when the screen mounts: ~100 ms of a phone's main thread (decision 0022). Mounted when opened instead.
 */
const OPTIONS_WHEN_OPENED = { keepMounted: false } as const;

interface TicketFilterBarProps {
  /** What the search box shows right now (the list follows it after the debounce). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** The filters the list is showing. */
  filters: TicketFilters;
  /** What changed (only those fields), so two quick changes never undo each other. */
  onChange: (changes: Partial<TicketFilters>) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

export function TicketFilterBar({ searchText, onSearchTextChange, filters, onChange, onRefresh, refreshing }: TicketFilterBarProps) {
  const shown = { ...filters, search: searchText };
  const chips = [
    shown.search.trim() !== '' && { key: 'search', label: `Search: ${shown.search.trim()}`, clear: () => onSearchTextChange('') },
    shown.status !== DEFAULT_TICKET_FILTERS.status && {
      key: 'status',
      label: `Status: ${statusFilterLabel(shown.status)}`,
      clear: () => onChange({ status: DEFAULT_TICKET_FILTERS.status }),
    },
    shown.sort !== DEFAULT_TICKET_FILTERS.sort && {
      key: 'sort',
      label: `Sort: ${sortLabel(shown.sort)}`,
      clear: () => onChange({ sort: DEFAULT_TICKET_FILTERS.sort }),
    },
  ].filter((chip) => chip !== false);

  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Number, subject or description"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={searchText !== '' ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchTextChange('')} /> : null}
          style={{ flex: '1 1 260px' }}
          type="search"
        />
        <SelectLoadedOnUse
          label="Status"
          data={STATUS_FILTER_OPTIONS.map((option) => ({ value: toControl(option.value), label: option.label }))}
          value={toControl(filters.status)}
          onChange={(value) => value !== null && onChange({ status: fromControl(value) })}
          allowDeselect={false}
          comboboxProps={OPTIONS_WHEN_OPENED}
          style={{ flex: '1 1 160px' }}
          maw={{ sm: 200 }}
        />
        <SelectLoadedOnUse
          label="Sort by"
          data={SORT_OPTIONS}
          value={filters.sort}
          onChange={(value) => value !== null && onChange({ sort: value as TicketSort })}
          allowDeselect={false}
          comboboxProps={OPTIONS_WHEN_OPENED}
          style={{ flex: '1 1 160px' }}
          maw={{ sm: 200 }}
        />
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
          {hasNonDefaultFilter(shown) && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden="true" />}
              onClick={() => {
                onSearchTextChange('');
                onChange(DEFAULT_TICKET_FILTERS);
              }}
            >
              Clear Filters
            </Button>
          )}
        </Group>
      </Group>
      {chips.length > 0 && (
        <Group gap="xs" aria-label="Active filters" role="group">
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              size="lg"
              radius="xl"
              variant="light"
              tt="none"
              fw={500}
              pr={4}
              rightSection={<CloseButton size="sm" radius="xl" aria-label={`Remove filter ${chip.label}`} onClick={chip.clear} />}
            >
              {chip.label}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
