import { endpoints } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { BillingService } from './billing.service.js';

/**
 * The optional Idempotency-Key header (docs/decisions/0014). A repeated header is joined as Node
 * joins one, which no valid key matches: it is refused, never taken as no key (a single attempt).
 */
const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value?.trim();
};

export function billingRoutes(billing: BillingService): EndpointRoute[] {
  return [
    route(endpoints.getBillingAccount, async ({ caller, params }) => billing.account(caller, params.id)),
    route(endpoints.listPayments, async ({ caller, params }) => billing.payments(caller, params.id)),
    route(endpoints.listStatements, async ({ caller, params }) => billing.statements(caller, params.id)),
    route(endpoints.getStatementPdf, async ({ caller, params, client }) => billing.statementPdf(caller, params.id, client)),
    route(endpoints.getPaymentReceiptPdf, async ({ caller, params, client }) => billing.receiptPdf(caller, params.id, params.paymentId, client)),
    route(endpoints.payWithNewCard, async ({ caller, params, body, request, client }) =>
      billing.payWithNewCard(caller, params.id, body.payment, idempotencyKeyOf(request), client),
    ),
    route(endpoints.payWithStoredCard, async ({ caller, params, body, request, client }) =>
      billing.payWithStoredCard(caller, params.id, body.amount, idempotencyKeyOf(request), client),
    ),
    route(endpoints.updateBillingAccount, async ({ caller, params, body, client }) => billing.update(caller, params.id, body, client)),
    route(endpoints.removeStoredCard, async ({ caller, params, client }) => (await billing.removeCard(caller, params.id, client), null)),
    route(endpoints.listOrders, async ({ caller }) => billing.orders(caller)),
    route(endpoints.getOrder, async ({ caller, params }) => billing.order(caller, params.id)),
  ];
}
