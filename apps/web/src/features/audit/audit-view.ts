import { AUDIT_CURSOR_PATTERN, AUDIT_KINDS, AUDIT_OUTCOMES, type AuditLogFilters } from '@portal/contract';
import { dayStart } from './audit-display';

/** What the screen shows, as its address carries it (so a view can be bookmarked, shared and gone back to). */
export interface AuditView {
  search: string;
  person: string;
  kind: string;
  outcome: string;
  /** Calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  before: string | undefined;
}

const one = (params: URLSearchParams, name: string, allowed?: readonly string[]) => {
  const value = params.get(name) ?? '';
  return allowed && !allowed.includes(value) ? '' : value;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the address; a value the server would refuse (a hand-edited address) is left out rather than failing the screen. */
export function viewOf(params: URLSearchParams): AuditView {
  const before = params.get('before') ?? '';
  const person = one(params, 'person');
  return {
    search: one(params, 'q').slice(0, 100),
    person: /^\d{1,9}$/.test(person) ? person : '',
    kind: one(params, 'kind', AUDIT_KINDS),
    outcome: one(params, 'outcome', AUDIT_OUTCOMES),
    from: DAY.test(one(params, 'from')) ? one(params, 'from') : '',
    to: DAY.test(one(params, 'to')) ? one(params, 'to') : '',
    before: AUDIT_CURSOR_PATTERN.test(before) ? before : undefined,
  };
}

/** The address of a view: only what is set, `before` last. */
export function paramsOf(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value && params.set(name, value);
  set('q', view.search);
  set('person', view.person);
  set('kind', view.kind);
  set('outcome', view.outcome);
  set('from', view.from);
  set('to', view.to);
  set('before', view.before);
  return params;
}

/** The server's filters for a view: days become the instants they start at in the browser's time zone. */
export function filtersOf(view: AuditView): AuditLogFilters {
  const from = view.from ? dayStart(view.from) : undefined;
  const to = view.to ? dayStart(view.to, { nextDay: true }) : undefined;
  return {
    ...(view.search ? { search: view.search } : {}),
    ...(view.person ? { contact_id: Number(view.person) } : {}),
    ...(view.kind ? { kind: view.kind as AuditLogFilters['kind'] } : {}),
    ...(view.outcome ? { outcome: view.outcome as AuditLogFilters['outcome'] } : {}),
    ...(from ? { from } : {}),
    // A last day before the first is the To field's error (daysOutOfOrder); until it is put right, it is left out.
    ...(to && !daysOutOfOrder(view) ? { to } : {}),
  };
}

export const filtered = (view: AuditView) => Boolean(view.search || view.person || view.kind || view.outcome || view.from || view.to);

/** The last day chosen is before the first: the screen says so under the To field. */
export const daysOutOfOrder = (view: Pick<AuditView, 'from' | 'to'>) => Boolean(view.from && view.to && view.to < view.from);
