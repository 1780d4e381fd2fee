import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { profileEndpoints } from '@portal/contract';
import { apiCall } from '../shared/api';
import { useSession } from '../shared/session';
import type { ColorMode } from './color-scheme';

// Apart from color-scheme.ts, which the sign-in page loads too: saving the choice brings the profile calls' schemas,
// which only a signed-in screen needs (issue 16).

/** The user's choice: applied at once, kept in the stored session, and saved to their profile. */
export function useChooseColorScheme() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { updateUser } = useSession();
  return {
    colorScheme: colorScheme as MantineColorScheme,
    async choose(mode: ColorMode) {
      setColorScheme(mode);
      updateUser({ ui_color_mode: mode });
      await apiCall(profileEndpoints.updateMyPreferences, { body: { ui_color_mode: mode } });
    },
  };
}
