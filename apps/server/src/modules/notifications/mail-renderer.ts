/**
 * The mail templates and what renders them (React, react-email's components and its renderer, react-dom/server),
 * loaded with the first mail an instance sends rather than at its start: about 30 modules an instance that sends no
 * mail never needs (issue 34, an instance's start; decision 0046). The compiled server puts them in a chunk of
 * their own (scripts/server-bundle.mjs); Node's module cache makes every later call a lookup.
 */
export async function mailRenderer() {
  const [{ createElement }, { NotificationEmail }, { DigestEmail }, { render }] = await Promise.all([
    import('react'),
    import('./notification-email.js'),
    import('./digest-email.js'),
    import('@react-email/render'),
  ]);
  return { createElement, NotificationEmail, DigestEmail, render };
}
