import { Button, Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconDownload, IconHistory } from '@tabler/icons-react';
import { TICKET_SEARCH_DEBOUNCE_MS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { auditLogQuery, auditPeopleQuery, downloadAuditLog } from '../api/audit-queries';
import { filtered, filtersOf, paramsOf, viewOf, type AuditView } from '../audit-view';
import { AuditEntries } from './AuditEntries';
import { AuditFilters } from './AuditFilters';

/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const AUDIT_HEADING = {
  title: 'Audit log',
  description: 'What happened in your account, and who did it: sign-ins, users and roles, revealed passwords, payments and downloads.',
};
export const AUDIT_LOAD_FAILED = 'Failed to load the audit log';
export const AUDIT_EXPORT_FAILED = 'The audit log could not be exported. Please try again.';
export const NO_ENTRIES = 'Nothing recorded yet';
export const NO_MATCHES = 'No entries match these filters';

/** Audit log (Admin / Audit log, issue 37): the account's recorded events, filtered, searched, paged and exported. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const { timeZone } = useSignedInUser();
  const show = (next: AuditView) => setParams(paramsOf(next));
  // A changed filter starts again at the newest entries.
  const change = (changes: Partial<AuditView>) => show({ ...view, ...changes, before: undefined });

  const [searchText, setSearchText] = useState(view.search);
  const [search] = useDebouncedValue(searchText.trim(), searchText.trim() ? TICKET_SEARCH_DEBOUNCE_MS : 0);
  useEffect(() => {
    if (search !== view.search) change({ search });
    // Only the debounced text leads here; the view's own search follows the address (back and forward).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const filters = filtersOf(view);
  const log = useQuery(auditLogQuery(filters, view.before));
  const people = useQuery(auditPeopleQuery());
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditLog(filters);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, AUDIT_EXPORT_FAILED) });
    } finally {
      setExporting(false);
    }
  };
  const personOptions = (people.data ?? []).map((contact) => ({
    value: String(contact.pk),
    label: `${contact.firstname} ${contact.lastname}`.trim() || contact.email,
  }));

  return (
    <Stack gap="xl">
      <PageHeader
        {...AUDIT_HEADING}
        actions={
          <Button leftSection={<IconDownload size={18} aria-hidden="true" />} variant="default" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <AuditFilters
            view={view}
            searchText={searchText}
            onSearchText={setSearchText}
            people={personOptions}
            onChange={change}
            onClear={() => {
              setSearchText('');
              show(viewOf(new URLSearchParams()));
            }}
          />
          {log.isError ? (
            <ErrorState
              title="Error Loading the Audit Log"
              message={log.error instanceof ApiError && log.error.fromServer ? log.error.message : AUDIT_LOAD_FAILED}
              onRetry={() => void log.refetch()}
              retrying={log.isFetching}
            />
          ) : !log.data ? (
            <LoadingState label="Loading the audit log" />
          ) : log.data.entries.length === 0 ? (
            <EmptyState
              icon={IconHistory}
              title={filtered(view) ? NO_MATCHES : NO_ENTRIES}
              message={filtered(view) ? 'Try other filters, or clear them.' : 'Sign-ins, changes and downloads in your account will show here.'}
            />
          ) : (
            <>
              <AuditEntries entries={log.data.entries} timeZone={timeZone} />
              <Group justify="space-between" component="nav" aria-label="Audit log pages">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
                  disabled={!view.before}
                  onClick={() => show({ ...view, before: undefined })}
                >
                  Newest
                </Button>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={16} aria-hidden="true" />}
                  disabled={!log.data.next_before}
                  onClick={() => show({ ...view, before: log.data.next_before ?? undefined })}
                >
                  Older
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
