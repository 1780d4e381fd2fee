import { z } from 'zod';

/** The signed-in contact's own profile (decision 0041). */
export const profileEventData = {
  'profile.updated': z.object({
    contact: z.object({
      id: z.number().int(),
      external_id: z.string().nullable(),
      email: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      time_zone: z.string(),
    }),
    /** The fields that changed, as the webhook names them. */
    changed: z.array(z.enum(['firstname', 'lastname', 'email', 'time_zone'])),
    /** The sign-in address before, when it changed (a mail tells the old address). */
    previous_email: z.string().nullable(),
  }),
} satisfies Record<string, z.ZodObject>;
export type ProfileEventType = keyof typeof profileEventData;
