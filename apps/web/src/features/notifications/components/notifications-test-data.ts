import type { Notification } from '@portal/contract';

export const aNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  category: 'tickets',
  kind: 'ticket.reply',
  title: 'New reply on ticket TKT-1001: Printer offline',
  body: 'Tom Tech replied.',
  link: '/tickets/5',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read_at: null,
  ...overrides,
});

export const aList = (notifications: Notification[], unread = notifications.filter((n) => n.read_at === null).length, total = notifications.length) => ({
  notifications,
  total_count: total,
  unread_count: unread,
});
