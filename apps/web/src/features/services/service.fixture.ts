import type { Service } from '@portal/contract';

/** A service as the server sends it (tests only); override what a test cares about. */
export const aService = (overrides: Partial<Service> = {}): Service => ({
  pk: 1,
  item_type: 'itp_voice',
  api_id: null,
  status: 'active',
  provision_status: 'provisioned',
  product: { name: 'Voice Seat', category: 'Voice', description: null },
  prod_description: null,
  price: 10,
  quantity: 1,
  date_created: '2026-01-05T12:00:00.000Z',
  metadata: {},
  ...overrides,
});
