import { profileEndpoints } from '@portal/contract';
import { apiCall } from '../shared/api';
import type { ColorMode } from './color-scheme';

/**
 * Saves the theme to the user's profile. A module of its own, loaded when a theme is chosen: the profile calls'
 * schemas (with the contact's) are built only then, not at every signed-in start on a phone (decision 0022).
 */
export async function saveColorMode(mode: ColorMode): Promise<void> {
  await apiCall(profileEndpoints.updateMyPreferences, { body: { ui_color_mode: mode } });
}
