import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsWhenShown } from './NotificationsWhenShown';

const renderToasts = () =>
  render(
    <MantineProvider env="test">
      <NotificationsWhenShown />
    </MantineProvider>,
  );

describe('NotificationsWhenShown (decision 0045)', () => {
  afterEach(() => act(() => cleanNotifications()));

  it('mounts no toast container until a toast is shown, then shows it and the next', async () => {
    const { container } = renderToasts();
    expect(container.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => void notifications.show({ message: 'User saved' }));
    expect(await screen.findByText('User saved')).toBeInTheDocument();

    act(() => void notifications.show({ message: 'Card removed' }));
    expect(await screen.findByText('Card removed')).toBeInTheDocument();
  });

  it('shows a toast that was shown before it mounted', async () => {
    act(() => void notifications.show({ message: 'Signed out elsewhere' }));
    renderToasts();
    expect(await screen.findByText('Signed out elsewhere')).toBeInTheDocument();
  });
});
