import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveMessage } from './LiveUpdates';

describe('what a live message refreshes', () => {
  const keysInvalidated = async (message: Parameters<typeof applyLiveMessage>[1]) => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await applyLiveMessage(client, message);
    return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  };

  it('a ticket update refetches the tickets (the open one and the list), a notification the bell', async () => {
    expect(await keysInvalidated({ type: 'ticket', ticket_id: 5 })).toEqual([['tickets']]);
    expect(
      await keysInvalidated({
        type: 'notification',
        unread_count: 1,
        notification: {
          id: 1,
          category: 'tickets',
          kind: 'ticket.reply',
          title: 't',
          body: '',
          link: '/tickets/5',
          created_at: '2026-01-01T00:00:00Z',
          read_at: null,
        },
      }),
    ).toEqual([['notifications']]);
  });

  it('when the stream opens or reopens (ready) and after a resync, both: the stream opens after the page', async () => {
    expect(await keysInvalidated({ type: 'ready', unread_count: 0 })).toEqual([['notifications'], ['tickets']]);
    expect(await keysInvalidated({ type: 'resync' })).toEqual([['notifications'], ['tickets']]);
  });
});
