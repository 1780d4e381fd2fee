import { serviceDisplayState } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { aService } from './service.fixture';
import { breakdownByCategory, summarizeServices } from './service-figures';

describe('service display (docs/product.md §4)', () => {
  it('maps status and provisioning to the five display states', () => {
    expect(serviceDisplayState({ status: 'active', provision_status: 'provisioned' })).toBe('Active');
    expect(serviceDisplayState({ status: 'active', provision_status: 'pending' })).toBe('Provisioning');
    expect(serviceDisplayState({ status: 'inactive', provision_status: 'provisioned' })).toBe('Inactive');
    expect(serviceDisplayState({ status: 'suspended', provision_status: 'provisioned' })).toBe('Suspended');
    expect(serviceDisplayState({ status: 'retired', provision_status: 'provisioned' })).toBe('Unknown');
  });
});

describe('summaries', () => {
  const services = [
    aService({ pk: 1, price: 0.1 }),
    aService({ pk: 2, price: 0.2, provision_status: 'pending' }),
    aService({ pk: 3, price: 99, status: 'suspended', product: { name: 'Server', category: 'Cloud', description: null } }),
    aService({ pk: 4, price: 5, status: 'inactive', product: { name: 'Backup', category: 'Hosted Service', description: null } }),
  ];

  it('counts active, provisioning and issues, and sums the prices of active services', () => {
    expect(summarizeServices(services)).toEqual({ active: 1, provisioning: 1, issues: 2, monthlyCost: 0.3 });
  });

  it('breaks down by Voice, Hosted Service and Cloud, then any other category', () => {
    const other = aService({ pk: 5, product: { name: 'Misc', category: 'Other', description: null } });
    expect(breakdownByCategory([...services, other])).toEqual([
      { category: 'Voice', count: 2, active: 1, monthlyCost: 0.3 },
      { category: 'Hosted Service', count: 1, active: 0, monthlyCost: 0 },
      { category: 'Cloud', count: 1, active: 0, monthlyCost: 0 },
      { category: 'Other', count: 1, active: 1, monthlyCost: 10 },
    ]);
  });
});
