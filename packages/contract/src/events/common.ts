import { z } from 'zod';

/** A contact an event concerns, as a mail addresses them. */
export const addressee = z.object({ contact_id: z.number().int(), email: z.string(), firstname: z.string() });
