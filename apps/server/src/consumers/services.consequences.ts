import type { ServiceEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What the provider's service pushes cause (decision 0041): the audit entries they always had. */
export const serviceConsequences: ConsequenceTable<ServiceEventType> = {
  'service.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.service_created' : 'provider.service_updated',
      details: { service_id: data.service_id, external_id: data.external_id },
    }),
  },
  'services.bulk_pushed': {
    audit: ({ data }) => ({ action: 'provider.services_bulk', details: { ...data } }),
  },
};
