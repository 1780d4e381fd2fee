import { usersEndpoints, type AcceptedAccountUser, type AcceptedLicense, type ContactInput } from '@portal/contract';
import { apiCall, errorMessage } from '../../../shared/api';
import { LICENSES_FAILED } from '../user-display';

/** What Edit User saves with its one Save button: the profile and, when they changed, the licenses. */
export interface UserChanges {
  id: number;
  profile: ContactInput;
  /** The licenses held when the dialog opened and the services ticked now; left out while the held ones are unknown. */
  licenses?: { held: AcceptedLicense[]; wanted: number[]; nameOf: (serviceId: number) => string };
}

/**
 * Thrown when a server that does not know `service_ids` (the spec's portal API, which takes a license per call) saved
 * the profile but refused a license: the dialog says so, and which ones, rather than closing as if all was saved.
 */
export class LicensesNotSavedError extends Error {
  constructor(readonly refused: string[]) {
    super(`The profile was saved, but these licenses were not changed: ${refused.join(' · ')}`);
  }
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * One request for the profile and the licenses (docs/decisions/0034): our server applies both or neither. A server
 * that answers without the user's licenses did not apply `service_ids` (the spec's API answers nothing at all); the
 * licenses are then changed with the spec's calls, one at a time, and any refusal is reported.
 */
export async function saveUser({ id, profile, licenses }: UserChanges): Promise<AcceptedAccountUser | null> {
  const licensesChanged =
    licenses !== undefined &&
    !sameSet(
      licenses.held.map((license) => license.service_id),
      licenses.wanted,
    );
  const saved = await apiCall(usersEndpoints.updateContact, {
    params: { id },
    body: licensesChanged ? { ...profile, service_ids: licenses.wanted } : profile,
  });
  if (!licensesChanged || saved?.licenses !== undefined) return saved;

  const refused: string[] = [];
  for (const serviceId of licenses.wanted.filter((wanted) => !licenses.held.some((license) => license.service_id === wanted))) {
    await apiCall(usersEndpoints.addLicense, { params: { id }, body: { service_id: serviceId } }).catch((error: unknown) =>
      refused.push(`${licenses.nameOf(serviceId)}: ${errorMessage(error, LICENSES_FAILED)}`),
    );
  }
  for (const license of licenses.held.filter((held) => !licenses.wanted.includes(held.service_id))) {
    await apiCall(usersEndpoints.removeLicense, { params: { id, licenseId: license.pk } }).catch((error: unknown) =>
      refused.push(`${license.service_name ?? licenses.nameOf(license.service_id)}: ${errorMessage(error, LICENSES_FAILED)}`),
    );
  }
  if (refused.length > 0) throw new LicensesNotSavedError(refused);
  return saved;
}
