import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * The signed-out pages arrive as HTML and become a React app a moment later (decision 0022). Text typed into
 * their inputs in between (a quick user on a slow phone, the browser's autofill) is on the screen, but not in
 * the form's values: hydration keeps what an input holds, and React only hears the changes made after it
 * took the page over. Once the form is mounted, each field takes over what its input holds, so what is shown
 * is what is sent. Without a prerendered page the inputs hold the initial values and nothing changes.
 */
export function useTextTypedBeforeHydration<Values extends { [Field in keyof Values]: string }>(form: UseFormReturnType<Values>): void {
  useEffect(() => {
    const values = form.getValues();
    for (const field of Object.keys(values) as (keyof Values & string)[]) {
      const input = form.getInputNode(field);
      // forceUpdate false: the input already shows the text, so it is not remounted (focus and caret stay).
      if (input instanceof HTMLInputElement && input.value !== values[field]) form.setFieldValue(field, input.value as never, { forceUpdate: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration; from then on onChange keeps the two in step
  }, []);
}
