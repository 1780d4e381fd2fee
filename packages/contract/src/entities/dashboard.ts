import { z } from 'zod';
import { money, timestamp } from './common.js';

/** One month of the dashboard's ticket chart; `month` is `YYYY-MM` in the contact's time zone. */
export const ticketTrendPoint = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  opened: z.number().int(),
  closed: z.number().int(),
});

export const DASHBOARD_ACTIVITY_KINDS = ['ticket_opened', 'ticket_reply', 'service_added', 'payment'] as const;

export const dashboardActivity = z.object({
  id: z.string(),
  kind: z.enum(DASHBOARD_ACTIVITY_KINDS),
  title: z.string(),
  detail: z.string(),
  /** USD, for a payment; formatted by the client. */
  amount: money.nullable(),
  /** The portal route where the item lives, e.g. /tickets/42 for a ticket. */
  link: z.string().nullable(),
  /** A ticket entry written in the portal (its author's name ends in ' (Customer Portal)', which the title leaves out). */
  via_portal: z.boolean().optional(),
  at: timestamp,
});
export type DashboardActivity = z.infer<typeof dashboardActivity>;

/**
 * The account's real figures for the dashboard (the spec asks only for placeholders). Tickets
 * follow the ticket list's scope: the account's for admins, the caller's assigned ones otherwise.
 */
export const dashboardSummary = z.object({
  tickets_scope: z.enum(['account', 'assigned']),
  open_tickets: z.number().int(),
  /** Of the open tickets, those waiting for the customer's reply (docs/decisions/0033). */
  tickets_waiting_for_customer: z.number().int(),
  active_services: z.number().int(),
  provisioning_services: z.number().int(),
  /** Sum of the prices of active services (docs/product.md §9); null for a caller without billing access (docs/decisions/0020). */
  monthly_cost: money.nullable(),
  /** Only for the billing group, and only when the account has a billing account. */
  billing: z
    .object({
      balance: money,
      past_due_balance: money,
      days_past_due: z.number().int(),
    })
    .nullable(),
  /** The last six months, oldest first. */
  ticket_trend: z.array(ticketTrendPoint),
  /** Newest first, at most eight. */
  recent_activity: z.array(dashboardActivity),
  /**
   * Administrators only (null for others, left out by servers that predate it): the account's "How did we do?"
   * ratings over the last 90 days, their count and average (decision 0047).
   */
  satisfaction: z.object({ count: z.number().int(), average: z.number().nullable() }).nullable().optional(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
