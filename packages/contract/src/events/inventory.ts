import { z } from 'zod';

/** A stored credential as its events name it: never its username, password or notes. */
const credentialRef = z.object({ id: z.number().int(), title: z.string() });

/** The IT Asset Manager's events: its assets, vendors and stored credentials (decision 0041). */
export const inventoryEventData = {
  /** An administrator stored a credential in the account's vault. */
  'credential.stored': z.object({ credential: credentialRef }),
  /** An administrator changed a stored credential; `changed` names the fields the request gave. */
  'credential.changed': z.object({ credential: credentialRef, changed: z.array(z.string()) }),
  /** An administrator deleted a stored credential. */
  'credential.deleted': z.object({ credential: credentialRef }),
  /** An administrator read a stored password, to show it or to copy it. */
  'credential.revealed': z.object({ credential: credentialRef, purpose: z.enum(['show', 'copy']) }),
  /** The provider hid a stored password from the customer (decision 0015). */
  'credential.password_hidden': z.object({ credential: credentialRef }),
  /** The provider showed a hidden password to the customer again. */
  'credential.password_shown': z.object({ credential: credentialRef }),
  /** The provider's systems created or changed one asset. */
  'asset.pushed': z.object({
    asset_id: z.number().int(),
    external_id: z.string(),
    created: z.boolean(),
    /** This push marked an existing asset retired. */
    retired: z.boolean().default(false),
    name: z.string().default(''),
  }),
  /** The provider's systems created or changed one vendor. */
  'vendor.pushed': z.object({ vendor_id: z.number().int(), external_id: z.string(), created: z.boolean() }),
} satisfies Record<string, z.ZodObject>;
export type InventoryEventType = keyof typeof inventoryEventData;
