import type { AccountEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What the provider's account pushes cause (decision 0041): the audit entries they always had. */
export const accountConsequences: ConsequenceTable<AccountEventType> = {
  'account.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.account_created' : 'provider.account_updated',
      details: {
        external_id: data.external_id,
        status: data.status,
        ...(data.status_changed_from !== null && { status_changed_from: data.status_changed_from }),
      },
    }),
  },
  'accounts.bulk_pushed': {
    audit: ({ data: { status_changed, ...counts } }) => ({
      action: 'provider.accounts_bulk',
      details: { ...counts, ...(status_changed.length > 0 && { status_changed }) },
    }),
  },
};
