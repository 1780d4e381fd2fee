import { PORTAL_SECTIONS, type PortalSection } from './portal-sections';

/**
 * What the router hands /apps, in the history entry's state, when it sends a screen the user may not open there
 * (router.tsx): the screen's path, so that a reload or Back shows the same notice and nothing else can forge its text.
 */
interface RefusedScreenState {
  refusedScreen: string;
}

export const refusedScreenState = (section: PortalSection): RefusedScreenState => ({ refusedScreen: section.path });

/** The screen a history entry's state says the user was sent away from, with what they are told; else undefined. */
export function refusedScreenOf(state: unknown): (PortalSection & { refused: string }) | undefined {
  if (typeof state !== 'object' || state === null || !('refusedScreen' in state)) return undefined;
  const section = PORTAL_SECTIONS.find(({ path }) => path === (state as RefusedScreenState).refusedScreen);
  return section?.refused ? { ...section, refused: section.refused } : undefined;
}
