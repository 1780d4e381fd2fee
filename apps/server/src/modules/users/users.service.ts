import {
  LICENSABLE_ITEM_TYPES,
  USER_TIME_ZONES,
  DEFAULT_USER_TIME_ZONE,
  mobileNumberProblem,
  type AccountUser,
  type AccountUserStats,
  type ContactChanges,
  type ContactInput,
  type LicensableService,
  type License,
} from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor, type EventOrigin } from '../../events/domain-event.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { fullName, type Caller } from '../auth/index.js';
import { lockAccountService } from '../services/index.js';
import { createdContact } from './contact-created.js';
import { inviteContacts, type InvitationDeps } from './invitations.js';
import { asSignInNameConflict, refuseTakenSignInName } from './sign-in-name.js';
import { DELETE_SELF, isSelf, LAST_ADMIN, OWN_ADMIN_FLAG } from './users.policy.js';
import * as repo from './users.repository.js';

export const TIME_ZONE_REFUSED = `Please choose one of these time zones: ${USER_TIME_ZONES.join(', ')}`;
export const ALREADY_SIGNED_IN = 'This user has already chosen a password; there is no invitation to send again.';
export const NOT_LICENSABLE = 'Only the account’s voice services can be given as licenses.';
export const ALREADY_LICENSED = 'This user already has a license for that service.';
export const noSeatLeft = (service: LicensableService) =>
  `All ${service.seats} seat${service.seats === 1 ? '' : 's'} of ${service.name} are in use. Free a seat or buy more before giving another license.`;

const USER = 'The user';

export interface UsersServiceDeps extends InvitationDeps {
  db: Database;
}

/** The account's users and their licenses (decision 0013): administrators only, always within their own account. */
export function createUsersService({ db, events, config }: UsersServiceDeps) {
  /** The administrator (or the staff member impersonating them) as the actor of the events this records. */
  const by = (caller: Caller, meta: ClientMeta): EventOrigin => ({ actor: contactActor(caller), meta });

  function checkTimeZone(zone: string | null | undefined): string | undefined {
    if (zone === undefined || zone === null || zone === '') return undefined;
    if (!(USER_TIME_ZONES as readonly string[]).includes(zone)) throw new AppError('validation_failed', TIME_ZONE_REFUSED, { time_zone: TIME_ZONE_REFUSED });
    return zone;
  }

  /** A mobile number must be a valid one (decision 0034); `stored` is the one the contact has, which stays acceptable as it is. */
  function checkMobile(mobile: string | null | undefined, stored?: string | null): void {
    if (mobile === undefined || mobile === stored) return;
    const problem = mobileNumberProblem(mobile);
    if (problem) throw new AppError('validation_failed', problem, { mobile: problem });
  }

  /**
   * Gives the contact (locked by the caller) a seat of one of the account's voice services, in the
   * caller's transaction; `field` names the request's field in a refusal.
   */
  async function giveLicense(tx: Executor, caller: Caller, meta: ClientMeta, contactId: number, serviceId: number, field: string): Promise<License> {
    // The service's row is the services module's: it locks it, so two requests for its last seat count in turn.
    const locked = await lockAccountService(tx, caller.accountId, serviceId);
    const service = locked ? await repo.licensableService(tx, caller.accountId, serviceId, LICENSABLE_ITEM_TYPES) : undefined;
    if (!service) throw new AppError(field === 'service_id' ? 'not_found' : 'validation_failed', NOT_LICENSABLE, { [field]: NOT_LICENSABLE });
    if (await repo.hasLicense(tx, contactId, serviceId)) throw new AppError('conflict', ALREADY_LICENSED, { [field]: ALREADY_LICENSED });
    if (service.seats_used >= service.seats) throw new AppError('conflict', noSeatLeft(service), { [field]: noSeatLeft(service) });
    const license = await repo.insertLicense(tx, { accountId: caller.accountId, contactId, serviceId });
    await events.record(tx, {
      type: 'contact.license_added',
      accountId: caller.accountId,
      ...by(caller, meta),
      data: { contact_id: contactId, service_id: serviceId, service: service.name },
    });
    return license;
  }

  /** Takes a license from the contact, in the caller's transaction; false when the contact holds no such license. */
  async function takeLicense(tx: Executor, caller: Caller, meta: ClientMeta, contactId: number, licenseId: number): Promise<boolean> {
    const removed = await repo.deleteLicense(tx, caller.accountId, contactId, licenseId);
    if (removed) {
      await events.record(tx, {
        type: 'contact.license_removed',
        accountId: caller.accountId,
        ...by(caller, meta),
        data: { contact_id: contactId, service_id: removed.serviceId, license_id: licenseId },
      });
    }
    return removed !== undefined;
  }

  /**
   * Makes the contact's licenses exactly `serviceIds`, in the caller's transaction: a seat that
   * cannot be given throws, and with it the whole change (the profile too) is undone. Services are
   * locked in id order, so two such changes wait for each other instead of deadlocking.
   */
  async function setLicenses(tx: Executor, caller: Caller, meta: ClientMeta, contactId: number, serviceIds: readonly number[]): Promise<void> {
    const wanted = [...new Set(serviceIds)].sort((a, b) => a - b);
    const held = await repo.contactLicenses(tx, caller.accountId, contactId);
    for (const license of held.filter((l) => !wanted.includes(l.service_id))) await takeLicense(tx, caller, meta, contactId, license.pk);
    for (const serviceId of wanted.filter((id) => !held.some((l) => l.service_id === id))) {
      await giveLicense(tx, caller, meta, contactId, serviceId, 'service_ids');
    }
  }

  /** The invitation the administrator sends; its link replaces any earlier one. */
  function invite(tx: Executor, caller: Caller, contact: { id: number; email: string; firstname: string }, meta: ClientMeta, again: boolean) {
    return inviteContacts(tx, { events, config }, by(caller, meta), {
      accountId: caller.accountId,
      contacts: [contact],
      invitedBy: fullName(caller),
      accountName: caller.account.name,
      again,
    });
  }

  /**
   * Any unique-index race (two admins adding the same e-mail at once) ends as the same 409; a
   * deadlock or serialization failure is retried by the shared helper (db/transaction.ts).
   */
  async function withSignInNameRule<T>(email: string | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      throw asSignInNameConflict(error, email);
    }
  }

  return {
    list: (caller: Caller, page: { search?: string; limit?: number; offset: number }): Promise<AccountUser[]> =>
      repo.listAccountUsers(db, caller.accountId, page),

    stats: (caller: Caller, search: string | undefined): Promise<AccountUserStats> => repo.accountUserStats(db, caller.accountId, search),

    licensableServices: (caller: Caller): Promise<LicensableService[]> => repo.licensableServices(db, caller.accountId, LICENSABLE_ITEM_TYPES),

    /** A new user of the caller's account (whatever account_id the client sent), invited by e-mail to choose a password. */
    async create(caller: Caller, input: ContactInput, meta: ClientMeta): Promise<AccountUser> {
      const email = input.email.toLowerCase();
      const timeZone = checkTimeZone(input.time_zone) ?? DEFAULT_USER_TIME_ZONE;
      checkMobile(input.mobile);
      await refuseTakenSignInName(db, email);
      const { contact } = await withSignInNameRule(email, async (tx) => {
        const row = await repo.insertContact(tx, {
          accountId: caller.accountId,
          firstname: input.firstname,
          lastname: input.lastname,
          email,
          mobile: input.mobile || null,
          timeZone,
          adminGroup: input.admin_group ?? false,
          billingGroup: input.billing_group ?? false,
          technicalGroup: input.technical_group ?? false,
          passwordHash: null,
        });
        await events.record(tx, {
          type: 'contact.created',
          accountId: caller.accountId,
          ...by(caller, meta),
          data: { contact: createdContact(row) },
        });
        await invite(tx, caller, row, meta, false);
        return { contact: (await repo.findAccountUser(tx, caller.accountId, row.id))! };
      });
      return contact;
    },

    /** The profile and, with `service_ids`, the licenses: all of it or (on any refusal) none of it. */
    async update(caller: Caller, contactId: number, input: ContactChanges, meta: ClientMeta): Promise<AccountUser> {
      const email = input.email?.toLowerCase();
      const timeZone = checkTimeZone(input.time_zone);
      if (isSelf(caller, contactId) && input.admin_group === false) throw new AppError('conflict', OWN_ADMIN_FLAG, { admin_group: OWN_ADMIN_FLAG });
      if (email) await refuseTakenSignInName(db, email, contactId);
      return withSignInNameRule(email, async (tx) => {
        // Administrators first, in id order, then the contact: every request takes the locks in the
        // same order, so two that remove administrators wait for each other instead of deadlocking.
        const admins = input.admin_group === false ? await repo.lockAdministrators(tx, caller.accountId) : undefined;
        const before = await repo.lockContact(tx, caller.accountId, contactId);
        if (!before) throw notFound(USER);
        if (before.adminGroup && admins !== undefined && admins <= 1) {
          throw new AppError('conflict', LAST_ADMIN, { admin_group: LAST_ADMIN });
        }
        // Checked against the stored number: one recorded before the rule (or by the provider) may stay as it is.
        checkMobile(input.mobile === '' ? null : input.mobile, before.mobile);
        const after = await repo.updateContact(tx, caller.accountId, contactId, {
          ...(input.firstname !== undefined && { firstname: input.firstname }),
          ...(input.lastname !== undefined && { lastname: input.lastname }),
          ...(email !== undefined && { email }),
          ...(input.mobile !== undefined && { mobile: input.mobile || null }),
          ...(timeZone !== undefined && { timeZone }),
          ...(input.admin_group !== undefined && { adminGroup: input.admin_group }),
          ...(input.billing_group !== undefined && { billingGroup: input.billing_group }),
          ...(input.technical_group !== undefined && { technicalGroup: input.technical_group }),
        });
        const fields = ['firstname', 'lastname', 'email', 'mobile', 'timeZone', 'adminGroup', 'billingGroup', 'technicalGroup'] as const;
        const changed = fields.filter((field) => before[field] !== after![field]);
        if (changed.length > 0) {
          await events.record(tx, { type: 'contact.updated', accountId: caller.accountId, ...by(caller, meta), data: { contact_id: contactId, changed } });
        }
        if (input.service_ids !== undefined) await setLicenses(tx, caller, meta, contactId, input.service_ids);
        return (await repo.findAccountUser(tx, caller.accountId, contactId))!;
      });
    },

    /** Deleting ends the user's sign-ins at once (their sessions go with them) and keeps their ticket history. */
    async remove(caller: Caller, contactId: number, meta: ClientMeta): Promise<void> {
      if (isSelf(caller, contactId)) throw new AppError('conflict', DELETE_SELF);
      await inTransaction(db, async (tx) => {
        // The same lock order as an update: administrators, then the contact.
        const admins = await repo.lockAdministrators(tx, caller.accountId);
        const contact = await repo.lockContact(tx, caller.accountId, contactId);
        if (!contact) throw notFound(USER);
        if (contact.adminGroup && admins <= 1) throw new AppError('conflict', LAST_ADMIN);
        await repo.deleteContact(tx, caller.accountId, contactId);
        await events.record(tx, {
          type: 'contact.deleted',
          accountId: caller.accountId,
          ...by(caller, meta),
          data: {
            contact: { id: contact.id, external_id: contact.externalId, email: contact.email, firstname: contact.firstname, lastname: contact.lastname },
          },
        });
      });
    },

    async resendInvitation(caller: Caller, contactId: number, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const contact = await repo.lockContact(tx, caller.accountId, contactId);
        if (!contact) throw notFound(USER);
        if (contact.passwordHash !== null) throw new AppError('conflict', ALREADY_SIGNED_IN);
        await invite(tx, caller, contact, meta, true);
      });
    },

    async licenses(caller: Caller, contactId: number): Promise<License[]> {
      if (!(await repo.findAccountUser(db, caller.accountId, contactId))) throw notFound(USER);
      return repo.contactLicenses(db, caller.accountId, contactId);
    },

    /** A seat of one of the account's voice services; never more licenses than its seats, never the same one twice. */
    async addLicense(caller: Caller, contactId: number, serviceId: number, meta: ClientMeta): Promise<License> {
      return inTransaction(db, async (tx) => {
        if (!(await repo.lockContact(tx, caller.accountId, contactId))) throw notFound(USER);
        return giveLicense(tx, caller, meta, contactId, serviceId, 'service_id');
      });
    },

    async removeLicense(caller: Caller, contactId: number, licenseId: number, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        if (!(await takeLicense(tx, caller, meta, contactId, licenseId))) throw notFound('The license');
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
