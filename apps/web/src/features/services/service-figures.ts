import { serviceDisplayState, type Service, type ServiceDisplayState } from '@portal/contract';

/** The breakdown's categories, in the spec's order (§2 Services); any other category follows them. */
export const SERVICE_CATEGORIES = ['Voice', 'Hosted Service', 'Cloud'] as const;

export interface ServiceSummary {
  active: number;
  provisioning: number;
  /** Services shown as Inactive, Suspended or Unknown. */
  issues: number;
  /** Sum of the prices of services whose status is active (docs/product.md §9); null when the caller may not see prices (no billing access). */
  monthlyCost: number | null;
}

export function summarizeServices(services: Service[]): ServiceSummary {
  const states = services.map(serviceDisplayState);
  const count = (state: ServiceDisplayState) => states.filter((s) => s === state).length;
  return {
    active: count('Active'),
    provisioning: count('Provisioning'),
    issues: services.length - count('Active') - count('Provisioning'),
    monthlyCost: services.some((s) => s.price === null) ? null : activeCost(services),
  };
}

/** Summed in cents so 0.1 + 0.2 never shows as 0.30000000000000004. */
function activeCost(services: Service[]): number {
  return services.filter((s) => s.status === 'active').reduce((cents, s) => cents + Math.round((s.price ?? 0) * 100), 0) / 100;
}

export interface CategoryBreakdown {
  category: string;
  count: number;
  active: number;
  monthlyCost: number | null;
}

export function breakdownByCategory(services: Service[]): CategoryBreakdown[] {
  const others = [...new Set(services.map((s) => s.product.category))].filter((c) => !(SERVICE_CATEGORIES as readonly string[]).includes(c)).sort();
  return [...SERVICE_CATEGORIES, ...others].map((category) => {
    const inCategory = services.filter((s) => s.product.category === category);
    return { category, ...breakdownOf(inCategory) };
  });
}

function breakdownOf(services: Service[]) {
  const { active, monthlyCost } = summarizeServices(services);
  return { count: services.length, active, monthlyCost };
}

/** The list in the breakdown's order: Voice, Hosted Service, Cloud, then others; by product name within. */
export function sortForDisplay(services: Service[]): Service[] {
  const rank = (category: string) => {
    const index = (SERVICE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? SERVICE_CATEGORIES.length : index;
  };
  return [...services].sort(
    (a, b) =>
      rank(a.product.category) - rank(b.product.category) ||
      a.product.category.localeCompare(b.product.category) ||
      a.product.name.localeCompare(b.product.name) ||
      a.pk - b.pk,
  );
}
