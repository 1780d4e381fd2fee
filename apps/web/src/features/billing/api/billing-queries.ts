import {
  billingEndpoints,
  IDEMPOTENCY_KEY_HEADER,
  type AcceptedBillingAccount,
  type AcceptedStatementPdf,
  type Payment,
  type Statement,
  type z,
} from '@portal/contract';
import type { creditCardInput, newCardPayment } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, ApiError, saveFile } from '../../../shared/api';
import { statementFilename } from '../billing-display';

const BILLING_KEY = ['billing'] as const;

export type NewCard = z.input<typeof newCardPayment>['payment'];
export type CardInput = z.input<typeof creditCardInput>;

export const billingAccountQuery = (id: string) =>
  queryOptions({ queryKey: [...BILLING_KEY, 'account', id], queryFn: ({ signal }) => apiCall(billingEndpoints.getBillingAccount, { signal, params: { id } }) });

export const statementsQuery = (id: string) =>
  queryOptions({ queryKey: [...BILLING_KEY, 'statements', id], queryFn: ({ signal }) => apiCall(billingEndpoints.listStatements, { signal, params: { id } }) });

export const paymentsQuery = (id: string) =>
  queryOptions({ queryKey: [...BILLING_KEY, 'payments', id], queryFn: ({ signal }) => apiCall(billingEndpoints.listPayments, { signal, params: { id } }) });

export const ordersQuery = () =>
  queryOptions({ queryKey: [...BILLING_KEY, 'orders'], queryFn: ({ signal }) => apiCall(billingEndpoints.listOrders, { signal }) });

export const orderQuery = (pk: number) =>
  queryOptions({ queryKey: [...BILLING_KEY, 'orders', pk], queryFn: ({ signal }) => apiCall(billingEndpoints.getOrder, { signal, params: { id: pk } }) });

/** One payment attempt: its key is made once and sent again on a retry, so the server charges once (docs/decisions/0014). */
export type PaymentRequest = { key: string; amount: number } & ({ mode: 'stored' } | { mode: 'new'; card: Omit<NewCard, 'amount'> });

export function usePayment(billingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PaymentRequest) => {
      const headers = { [IDEMPOTENCY_KEY_HEADER]: request.key };
      return request.mode === 'stored'
        ? apiCall(billingEndpoints.payWithStoredCard, { params: { id: billingId }, body: { amount: request.amount }, headers })
        : apiCall(billingEndpoints.payWithNewCard, { params: { id: billingId }, body: { payment: { ...request.card, amount: request.amount } }, headers });
    },
    onSuccess: (receipt) => {
      // This server's receipt carries the new balance: the overview changes at once. A portal API that answers
      // no receipt (§7 describes none) shows it after the reload below.
      if (receipt)
        queryClient.setQueryData(billingAccountQuery(billingId).queryKey, (account) => (account ? { ...account, balance: receipt.balance } : account));
    },
    // A declined payment is recorded too, so the history changes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

/** Changes of the billing account: an answer with the account replaces the cached one; without one (§7 describes none), the reload shows the change. */
function useAccountChange<Input>(billingId: string, change: (input: Input) => Promise<AcceptedBillingAccount | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (account) => {
      if (account) queryClient.setQueryData(billingAccountQuery(billingId).queryKey, account);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'account', billingId] }),
  });
}

export const useStoreCard = (billingId: string) =>
  useAccountChange(billingId, (card: CardInput) =>
    apiCall(billingEndpoints.updateBillingAccount, { params: { id: billingId }, body: { credit_card_info: card } }),
  );

export const useAutoPay = (billingId: string) =>
  useAccountChange(billingId, (on: boolean) => apiCall(billingEndpoints.updateBillingAccount, { params: { id: billingId }, body: { automatic_payments: on } }));

/** Statuses that mean "this server has no DELETE for the card": then the spec's PATCH fallback (docs/product.md §7). */
const NO_DELETE = new Set([404, 405, 501]);

export const useRemoveCard = (billingId: string) =>
  useAccountChange(billingId, async () => {
    try {
      await apiCall(billingEndpoints.removeStoredCard, { params: { id: billingId } });
      return null;
    } catch (error) {
      if (!(error instanceof ApiError) || !NO_DELETE.has(error.status) || error.code === 'not_found') throw error;
      return apiCall(billingEndpoints.updateBillingAccount, { params: { id: billingId }, body: { automatic_payments: false, credit_card_info: {} } });
    }
  });

/**
 * Fetches a statement's PDF and hands it to the browser as a download named statement-{date}.pdf: by this server,
 * or, where the answer is §7's bare base64 PDF, from the statement's date.
 */
export async function downloadStatement(statement: Pick<Statement, '_id' | 'created'>): Promise<string> {
  const answer: AcceptedStatementPdf = await apiCall(billingEndpoints.getStatementPdf, { params: { id: statement._id } });
  const { filename, pdf } = typeof answer === 'string' ? { filename: statementFilename(statement.created), pdf: answer } : answer;
  savePdf(pdf, filename);
  return filename;
}

/** Fetches a successful payment's receipt (receipt-{number}.pdf) and hands it to the browser as a download. */
export async function downloadReceipt(billingId: string, payment: Pick<Payment, '_id'>): Promise<string> {
  const { filename, pdf } = await apiCall(billingEndpoints.getPaymentReceiptPdf, { params: { id: billingId, paymentId: payment._id } });
  savePdf(pdf, filename);
  return filename;
}

function savePdf(base64: string, filename: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveFile({ blob: new Blob([bytes], { type: 'application/pdf' }), filename });
}
