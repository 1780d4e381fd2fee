import { Button, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconKey, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { AcceptedCredential } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { ActionMenu } from '../../../shared/ui/ActionMenu';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { useFirstAnswerDeferred } from '../../../shared/ui/use-first-answer-deferred';
import { credentialsQuery } from '../api/inventory-queries';
import { CredentialCard } from './CredentialCard';

// The form and the delete confirmation load when first opened, or once the vault is shown and the browser is idle:
// the vault's first paint waits for neither (decision 0022).
const loadCredentialFormModal = () => import('./CredentialFormModal');
const loadDeleteCredentialModal = () => import('./DeleteCredentialModal');
const CredentialFormModal = lazy(async () => ({ default: (await loadCredentialFormModal()).CredentialFormModal }));
const DeleteCredentialModal = lazy(async () => ({ default: (await loadDeleteCredentialModal()).DeleteCredentialModal }));

/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const VAULT_HEADING = { title: 'Credential Vault', description: 'The passwords of your systems: sealed at rest, each reveal and copy recorded.' };
export const VAULT_LOAD_FAILED = 'Failed to load the credential vault';

/**
 * The credential vault (the screen the spec leaves cut off): search, add, edit and delete, under
 * the same sealing, hiding and audit rules as the IT Asset Manager's Credentials tab.
 */
export function VaultPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const credentials = useQuery(credentialsQuery(debounced));
  // The cards first appear in a render React can pause for the browser (decision 0022).
  const shown = useFirstAnswerDeferred(credentials.data);
  const [adding, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<AcceptedCredential | null>(null);
  const [deleting, setDeleting] = useState<AcceptedCredential | null>(null);
  usePreloadWhenIdle(loadCredentialFormModal, loadDeleteCredentialModal);

  return (
    <Stack gap="xl">
      <PageHeader
        {...VAULT_HEADING}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addModal.open}>
            Add Credential
          </Button>
        }
      />
      <TextInput
        placeholder="Search credentials..."
        aria-label="Search credentials"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      {credentials.isError ? (
        <ErrorState
          title={VAULT_LOAD_FAILED}
          message={errorMessage(credentials.error, VAULT_LOAD_FAILED)}
          onRetry={() => void credentials.refetch()}
          retrying={credentials.isFetching}
        />
      ) : shown === undefined ? (
        <LoadingState label="Loading the vault">
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={220} radius="lg" />
            ))}
          </SimpleGrid>
        </LoadingState>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={IconKey}
          title={debounced ? 'No credentials match your search' : 'The vault is empty'}
          message={debounced ? 'Try another word from the title, username, URL or notes.' : 'Add the first credential to keep it safe here.'}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {shown.map((credential) => (
            <CredentialCard
              key={credential.id}
              credential={credential}
              showNotes
              actions={
                <ActionMenu
                  label={`Actions for ${credential.service_name}`}
                  color="gray"
                  items={[
                    { label: 'Edit', icon: <IconPencil size={16} aria-hidden="true" />, onClick: () => setEditing(credential) },
                    { label: 'Delete', color: 'red', icon: <IconTrash size={16} aria-hidden="true" />, onClick: () => setDeleting(credential) },
                  ]}
                />
              }
            />
          ))}
        </SimpleGrid>
      )}
      {shown && shown.length > 0 && (
        <Text size="sm" c="dimmed">
          {shown.length} {shown.length === 1 ? 'credential' : 'credentials'}
        </Text>
      )}

      <LoadedWhenOpened opened={adding}>
        <CredentialFormModal opened={adding} onClose={addModal.close} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={editing !== null}>
        {editing && <CredentialFormModal key={editing.id} opened onClose={() => setEditing(null)} editing={editing} />}
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={deleting !== null}>
        <DeleteCredentialModal credential={deleting} onClose={() => setDeleting(null)} />
      </LoadedWhenOpened>
    </Stack>
  );
}
