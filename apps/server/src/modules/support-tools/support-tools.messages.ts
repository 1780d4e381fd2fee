/** What the support-tools API says when it refuses (docs/product.md §8: server messages win). */
export const TOOL = 'The support tool';
export const LINK_INVALID = 'This download link is not valid. Check that it was copied completely, or ask your administrator for a new one.';
export const LINK_EXPIRED = 'This download link has expired. Ask your administrator for a new one.';
export const LINK_USED = 'This download link has already been used; it works only once. Ask your administrator for a new one.';
export const LINK_NOT_IN_ACCOUNT = 'This download link was not made in your account.';
export const LINK_OF_OTHER_TOOL = 'This download link is for another tool.';
export const CONFIGURATION_NOT_FOUND_MESSAGE =
  'Your account is not set up in the monitoring system yet, so the agent cannot be built for it. The account name must match the name in the monitoring system exactly; please contact support.';
export const platformRefusal = (tool: string, os: string) => `${tool} is not available for ${OS_NAMES[os] ?? os}.`;
export const OS_NAMES: Record<string, string> = { windows: 'Windows', mac: 'macOS', linux: 'Linux' };
