import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFirstAnswerDeferred } from './use-first-answer-deferred';

/** Records what the screen was given on each render, so the test sees the urgent render and the deferred one. */
function Screen({ answer, seen }: { answer: string | undefined; seen: Array<string | undefined> }) {
  const shown = useFirstAnswerDeferred(answer);
  seen.push(shown);
  return <output>{shown ?? 'loading'}</output>;
}

function Harness({ seen, onReady }: { seen: Array<string | undefined>; onReady: (set: (value: string) => void) => void }) {
  const [answer, setAnswer] = useState<string | undefined>(undefined);
  onReady(setAnswer);
  return <Screen answer={answer} seen={seen} />;
}

describe('useFirstAnswerDeferred', () => {
  it('draws the first answer in a render after the one it arrived in, and later answers at once', async () => {
    const seen: Array<string | undefined> = [];
    let setAnswer: (value: string) => void = () => undefined;
    render(<Harness seen={seen} onReady={(set) => (setAnswer = set)} />);
    expect(screen.getByRole('status')).toHaveTextContent('loading');

    seen.length = 0;
    await act(async () => setAnswer('first'));
    // the render the answer arrived in still shows the loading state; the deferred one draws it
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe('first');
    expect(screen.getByText('first')).toBeInTheDocument();

    seen.length = 0;
    await act(async () => setAnswer('second'));
    // a later answer: the very render it arrived in already shows it
    expect(seen[0]).toBe('second');
    expect(screen.getByText('second')).toBeInTheDocument();
  });
});
