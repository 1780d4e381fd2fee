import { localStorageColorSchemeManager, useMantineColorScheme } from '@mantine/core';
import { UI_COLOR_MODES } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useSession } from '../shared/session';

/**
 * The theme in this browser: light, dark or auto (the operating system's). Kept under its own key,
 * so it outlives a sign-out (the sign-in page keeps the user's theme); public/color-scheme.js
 * reads the same key before the app starts.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'portal-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export type ColorMode = (typeof UI_COLOR_MODES)[number];
const isColorMode = (value: string | undefined): value is ColorMode => (UI_COLOR_MODES as readonly string[]).includes(value ?? '');

/**
 * A sign-in brings the user's saved theme (the login result's ui_color_mode), so it follows
 * them to every browser; applied when the signed-in contact changes, not on every render.
 */
export function useColorSchemeOfSignedInUser() {
  const { session } = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const contactId = session?.pk;
  const saved = session?.ui_color_mode;
  // Only a new sign-in (another contact, or the first restore) applies the saved theme; a choice
  // made since is already on screen.
  const appliedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (contactId === appliedFor.current) return;
    appliedFor.current = contactId;
    // Usually the browser already shows the saved theme (public/color-scheme.js applied it before the first paint).
    // Setting it again is not free: Mantine turns every transition off with a style for the whole document and back
    // on 10 ms later, two full style recalculations on a phone's main thread at every signed-in visit (decision 0022).
    if (contactId !== undefined && isColorMode(saved) && saved !== colorScheme) setColorScheme(saved);
  }, [contactId, saved, colorScheme, setColorScheme]);
}
