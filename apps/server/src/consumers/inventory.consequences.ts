import type { InventoryEventType } from '@portal/contract';
import { webhookActor, type ConsequenceTable } from './consequences.js';

const credentialDetails = ({ credential }: { credential: { id: number; title: string } }) => ({ credential_id: credential.id, title: credential.title });

/** What the IT Asset Manager's events cause (decision 0041): the vault's audit trail (decision 0015), the provider's pushes. */
export const inventoryConsequences: ConsequenceTable<InventoryEventType> = {
  'credential.stored': {
    audit: ({ data }) => ({ action: 'vault.credential_created', details: credentialDetails(data) }),
  },
  'credential.changed': {
    audit: ({ data }) => ({ action: 'vault.credential_updated', details: { credential_id: data.credential.id, changed: data.changed } }),
  },
  'credential.deleted': {
    audit: ({ data }) => ({ action: 'vault.credential_deleted', details: credentialDetails(data) }),
  },
  'credential.revealed': {
    audit: ({ data }) => ({ action: data.purpose === 'copy' ? 'vault.password_copied' : 'vault.password_revealed', details: credentialDetails(data) }),
    webhook: ({ data, actor }) => ({ type: 'credential.revealed', data: { credential: data.credential, purpose: data.purpose, by: webhookActor(actor) } }),
  },
  'credential.password_hidden': {
    audit: ({ data, actor }) => ({ action: 'vault.password_hidden', details: hidingDetails(data, actor.kind) }),
  },
  'credential.password_shown': {
    audit: ({ data, actor }) => ({ action: 'vault.password_unhidden', details: hidingDetails(data, actor.kind) }),
  },
  'asset.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.asset_created' : 'provider.asset_updated',
      details: { asset_id: data.asset_id, external_id: data.external_id },
    }),
  },
  'vendor.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.vendor_created' : 'provider.vendor_updated',
      details: { vendor_id: data.vendor_id, external_id: data.external_id },
    }),
  },
};

/** The command line's entries have always named the credential by its id alone; the provider API's add its title. */
const hidingDetails = (data: { credential: { id: number; title: string } }, actor: string) =>
  actor === 'command_line' ? { credential_id: data.credential.id } : credentialDetails(data);
