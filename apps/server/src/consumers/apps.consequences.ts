import type { AppsEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What the launcher's links cause (decision 0041): a redeeming app is named by its id in the trail. */
export const appsConsequences: ConsequenceTable<AppsEventType> = {
  'app.launch_issued': {
    audit: ({ data }) => ({ action: 'apps.launch', as: { actor: data.by, contactId: data.contact_id }, details: { app: data.app, api_id: data.api_id } }),
  },
  'app.launch_redeemed': {
    audit: ({ data }) => ({
      action: 'apps.launch_redeem',
      outcome: data.outcome,
      as: { actor: data.app, contactId: data.contact_id },
      details: { app: data.app },
    }),
  },
};
