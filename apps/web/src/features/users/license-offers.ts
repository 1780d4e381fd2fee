import { LICENSABLE_ITEM_TYPES, type Service } from '@portal/contract';

/**
 * A service the Add/Edit User dialogs offer as a license. Our server counts its seats, used and
 * free (GET /crm/licenses/services); from the spec's services list the seats are known at most
 * (metadata.purchased_users), how many are used is not.
 */
export interface LicenseOffer {
  service_id: number;
  name: string;
  description: string | null;
  seats?: number;
  seats_used?: number;
}

/** docs/product.md §9: "Only services of type itp_voice are offered as licenses." */
export function licenseOffersAmong(services: Service[]): LicenseOffer[] {
  const licensable: readonly string[] = LICENSABLE_ITEM_TYPES;
  return services
    .filter((service) => licensable.includes(service.item_type))
    .map((service) => ({
      service_id: service.pk,
      name: service.product.name,
      description: service.prod_description,
      seats: service.metadata.purchased_users,
    }));
}
