/**
 * On the address of a signed-in screen the server sends, before the empty #root, a skeleton of the shell and of
 * that screen's heading (app/layouts/SignedInSkeleton, decision 0022), so a phone paints the page before the
 * app's scripts have arrived. It lies over the app until the app shows a screen of its own, and then goes.
 */
export const SIGNED_IN_SKELETON_ID = 'signed-in-skeleton';

export function removeSignedInSkeleton(): void {
  document.getElementById(SIGNED_IN_SKELETON_ID)?.remove();
}
