import { flagsGrant, type Caller } from '../auth/index.js';
import type { AppDefinition } from './apps.catalogue.js';

/**
 * A tile is for its audience (docs/product.md §2, §6): the IT managed services tile for administrators and technical
 * contacts, who may open the IT Asset Manager behind it (docs/decisions/0031); every other tile for everyone.
 */
export function maySeeApp(caller: Pick<Caller, 'adminGroup' | 'billingGroup' | 'technicalGroup'>, app: Pick<AppDefinition, 'audience'>): boolean {
  return flagsGrant(caller, app.audience);
}
