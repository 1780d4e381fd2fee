import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useSession } from '../shared/session';
import type { ColorMode } from './color-scheme';

/** The user's choice: applied at once, kept in the stored session, and saved to their profile. */
export function useChooseColorScheme() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { updateUser } = useSession();
  return {
    colorScheme: colorScheme as MantineColorScheme,
    async choose(mode: ColorMode) {
      setColorScheme(mode);
      updateUser({ ui_color_mode: mode });
      const { saveColorMode } = await import('./save-color-mode');
      await saveColorMode(mode);
    },
  };
}
