import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParams } from '../entities/common.js';
import { passkey, passkeyCeremony, passkeyList, passkeyRegistrationInput, passkeyRenameInput } from '../entities/passkeys.js';

/** Profile → Security: the caller's own passkeys (issue 37, decision 0050). */
const tag = 'Security';

export const listMyPasskeys = defineEndpoint({
  method: 'GET',
  path: '/portal/passkeys',
  summary: 'The caller’s passkeys: name, when added and when last used',
  tag,
  access: 'user',
  result: passkeyList,
});

export const startPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/portal/passkeys/registration',
  summary: 'Begin registering a passkey: WebAuthn creation options (a discoverable credential) and the ceremony’s single-use token',
  tag,
  access: 'user',
  result: passkeyCeremony,
});

export const addPasskey = defineEndpoint({
  method: 'POST',
  path: '/portal/passkeys',
  summary: 'Finish registering a passkey: the ceremony’s token, the authenticator’s answer and a name for it',
  tag,
  access: 'user',
  body: passkeyRegistrationInput,
  result: passkey,
});

export const renamePasskey = defineEndpoint({
  method: 'PUT',
  path: '/portal/passkeys/:id',
  summary: 'Rename one of the caller’s passkeys',
  tag,
  access: 'user',
  params: idParams,
  body: passkeyRenameInput,
  result: passkey,
});

export const removePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/portal/passkeys/:id',
  summary: 'Remove one of the caller’s passkeys; it signs nobody in any more',
  tag,
  access: 'user',
  params: idParams,
  result: emptyResult,
});
