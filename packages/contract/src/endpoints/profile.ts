import { defineEndpoint } from '../endpoint.js';
import { resultWhenSent } from '../entities/common.js';
import { acceptedContact, contact, myPreferences, myProfileInput } from '../entities/contact.js';

export const updateMyProfile = defineEndpoint({
  method: 'PATCH',
  path: '/portal/my-profile',
  summary: 'Update the signed-in contact’s name, e-mail (= username) and time zone',
  tag: 'Profile',
  access: 'user',
  body: myProfileInput,
  result: contact,
  /** §7: "The response may hold errors and message"; the screen shows what was saved either way. */
  accepts: resultWhenSent(acceptedContact),
});

export const updateMyPreferences = defineEndpoint({
  method: 'PATCH',
  path: '/portal/my-profile/preferences',
  summary: 'Save the signed-in contact’s personal settings (the theme: light, dark or auto), so every browser they sign in to uses them',
  tag: 'Profile',
  access: 'user',
  body: myPreferences,
  result: myPreferences,
});
