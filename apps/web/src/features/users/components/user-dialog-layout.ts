import { getDefaultZIndex, useMantineTheme, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The Add and Edit User dialogs sit above the notices (decision 0034): a notice shown by the page (a user was added, an
 * invitation was sent) stays behind the dialog until it closes, and never covers the dialog's fields or buttons.
 * Their popovers (the time-zone list) sit above the dialog in turn.
 */
export const USER_DIALOG_Z_INDEX = getDefaultZIndex('overlay') + 1;
export const USER_DIALOG_POPOVER_Z_INDEX = USER_DIALOG_Z_INDEX + 1;

/** On a phone (below Mantine's `sm`) the dialog fills the screen; above it, a centred dialog. */
export function useUserDialogLayout(): Pick<ModalProps, 'fullScreen' | 'centered' | 'zIndex' | 'size' | 'transitionProps'> {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false, { getInitialValueInEffect: false });
  return {
    fullScreen: phone,
    centered: !phone,
    size: 'lg',
    zIndex: USER_DIALOG_Z_INDEX,
    // A full-screen dialog that slides in from a corner looks broken; it fades.
    transitionProps: phone ? { transition: 'fade', duration: 150 } : undefined,
  };
}
