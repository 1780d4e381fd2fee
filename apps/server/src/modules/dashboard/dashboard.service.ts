import { SATISFACTION_DAYS_SHOWN, type DashboardActivity, type DashboardSummary } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { Caller } from '../auth/index.js';
// The dashboard owns no table: each capability answers for its own figures, through its public entry.
import { billingFigures, recentPayments } from '../billing/index.js';
import { recentServices, serviceFigures } from '../services/index.js';
import {
  countOpenTickets,
  PORTAL_AUTHOR_SUFFIX,
  ratingFigures,
  recentReplies,
  recentTickets,
  ticketScopeOf,
  ticketsScopeName,
  ticketTrend,
} from '../tickets/index.js';

export const RECENT_ACTIVITY_SHOWN = 8;

const PAYMENT_TYPE_NAMES: Record<string, string> = { credit_card: 'card', check: 'check', credit: 'credit', manual_ach: 'bank transfer (ACH)' };

/** A zone PostgreSQL and Intl both know; a contact's unknown zone falls back to UTC rather than failing the page. */
function knownTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** `providerDomain`: the provider's e-mail domain, which marks its people's ticket entries. */
export function createDashboardService({ db, providerDomain }: { db: Database; providerDomain: string }) {
  return {
    async summary(caller: Caller): Promise<DashboardSummary> {
      // The tickets module's policy: the same tickets as the ticket list shows this caller.
      const scope = ticketScopeOf(caller);
      const limit = RECENT_ACTIVITY_SHOWN;
      const since = new Date(Date.now() - SATISFACTION_DAYS_SHOWN * 86_400_000);
      const [openTickets, figures, billing, trend, tickets, replies, services, payments, satisfaction] = await Promise.all([
        countOpenTickets(db, scope, providerDomain),
        serviceFigures(db, caller.accountId),
        caller.billingGroup ? billingFigures(db, caller.accountId) : undefined,
        ticketTrend(db, scope, knownTimeZone(caller.timeZone)),
        recentTickets(db, scope, limit),
        recentReplies(db, scope, limit),
        recentServices(db, caller.accountId, limit),
        caller.billingGroup ? recentPayments(db, caller.accountId, limit) : [],
        // The account's average is the administrators' to see (a user sees only their own tickets).
        caller.adminGroup ? ratingFigures(db, { accountId: caller.accountId, from: since }) : undefined,
      ]);

      const activity: DashboardActivity[] = [
        ...tickets.map((t) => item(`ticket-${t.id}`, 'ticket_opened', `Ticket ${t.number} opened`, t.subject, t.at, `/tickets/${t.id}`)),
        ...replies.map((r) => {
          const viaPortal = r.by.endsWith(PORTAL_AUTHOR_SUFFIX);
          const author = viaPortal ? r.by.slice(0, -PORTAL_AUTHOR_SUFFIX.length) : r.by;
          return {
            ...item(`reply-${r.id}`, 'ticket_reply', `${author} replied on ${r.number}`, r.subject, r.at, `/tickets/${r.ticketId}`),
            via_portal: viaPortal,
          };
        }),
        ...services.map((s) => item(`service-${s.id}`, 'service_added', `${s.product} added`, s.description ?? '', s.at, '/services')),
        ...payments.map((p) => ({
          ...item(
            `payment-${p.id}`,
            'payment',
            p.status === 'Paid' ? 'Payment received' : `Payment ${p.status.toLowerCase()}`,
            paymentDetail(p),
            p.at,
            '/billing',
          ),
          amount: p.amount,
        })),
      ];
      activity.sort((a, b) => b.at.localeCompare(a.at));

      return {
        tickets_scope: ticketsScopeName(scope),
        open_tickets: openTickets.open,
        tickets_waiting_for_customer: openTickets.waiting,
        active_services: figures.active,
        provisioning_services: figures.provisioning,
        monthly_cost: caller.billingGroup ? figures.monthlyCost : null,
        billing: billing ? { balance: billing.balance, past_due_balance: billing.pastDueBalance, days_past_due: billing.daysPastDue } : null,
        ticket_trend: trend,
        recent_activity: activity.slice(0, limit),
        satisfaction: satisfaction
          ? { count: satisfaction.count, average: satisfaction.average === null ? null : Math.round(satisfaction.average * 10) / 10 }
          : null,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

function item(id: string, kind: DashboardActivity['kind'], title: string, detail: string, at: Date, link: string): DashboardActivity {
  return { id, kind, title, detail, amount: null, link, at: at.toISOString() };
}

function paymentDetail(payment: { type: string; last4: string | null }): string {
  const method = PAYMENT_TYPE_NAMES[payment.type] ?? payment.type;
  return payment.last4 ? `By ${method} ending in ${payment.last4}` : `By ${method}`;
}
