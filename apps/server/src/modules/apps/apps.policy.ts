import type { Caller } from '../auth/caller.js';
import type { AppDefinition } from './apps.catalogue.js';

/** The IT managed services tile is for administrators only (docs/product.md §2, §6); every other tile is for everyone. */
export function maySeeApp(caller: Pick<Caller, 'adminGroup'>, app: Pick<AppDefinition, 'adminOnly'>): boolean {
  return !app.adminOnly || caller.adminGroup;
}
