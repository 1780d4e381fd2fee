import { describe, expect, it } from 'vitest';
import { actionLabel, dayStart, detailsLine } from './audit-display';
import { daysOutOfOrder, filtersOf, paramsOf, viewOf } from './audit-view';

describe('the audit log screen’s address', () => {
  it('round-trips a view, and drops what the server would refuse from a hand-edited address', () => {
    const view = viewOf(new URLSearchParams('q=cole&person=7&kind=auth&outcome=failure&from=2026-11-01&to=2026-11-30&before=1795000000000000.3'));
    expect(viewOf(paramsOf(view))).toEqual(view);
    expect(viewOf(new URLSearchParams('person=x7&kind=everything&outcome=maybe&from=yesterday&before=1.2.3'))).toEqual({
      search: '',
      person: '',
      kind: '',
      outcome: '',
      from: '',
      to: '',
      before: undefined,
    });
  });

  it('turns days into the instants they start, the last day included, and leaves out a last day before the first', () => {
    expect(filtersOf(viewOf(new URLSearchParams('from=2026-11-01&to=2026-11-30')))).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
    const backwards = viewOf(new URLSearchParams('from=2026-11-10&to=2026-11-01'));
    expect(daysOutOfOrder(backwards)).toBe(true);
    expect(filtersOf(backwards)).toEqual({ from: new Date(2026, 10, 10).toISOString() });
    expect(dayStart('2026-02-31')).toBe(new Date(2026, 2, 3).toISOString());
    expect(dayStart('not a day')).toBeUndefined();
  });
});

describe('the audit log’s wording', () => {
  it('names actions, failures apart, and shows an unknown action as recorded', () => {
    expect(actionLabel({ action: 'auth.login', outcome: 'success' })).toBe('Signed in');
    expect(actionLabel({ action: 'auth.login', outcome: 'failure' })).toBe('Sign-in failed');
    expect(actionLabel({ action: 'vault.password_unhidden', outcome: 'success' })).toBe('Password revealed');
    expect(actionLabel({ action: 'something.new', outcome: 'success' })).toBe('something.new');
  });

  it('puts the details on one line, without the acting contact’s id, long values shortened', () => {
    expect(detailsLine({ by: 4, changed: ['admin_group', 'email'], credential_id: 12, note: 'x'.repeat(100) })).toBe(
      `changed: admin_group, email · credential id: 12 · note: ${'x'.repeat(79)}…`,
    );
    expect(detailsLine({})).toBe('');
  });
});
