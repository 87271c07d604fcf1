// @vitest-environment happy-dom
// Issue 26, item 5: a widget's library (react-imask, downshift) is downloaded when its field is
// first focused, not when the page shows; the plain field takes input meanwhile, and the loaded
// field takes its place with the focus and what was typed.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWidget, useWidgetOnFocus } from '../../../../../renderer/src/features/form/components/widgets/lazy-widget';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The "library's" field: shouts what it holds, so the test can tell it from the plain one. */
function LoudField({ value, onChange }: FieldProps) {
  return <input id="field" aria-label="Field" data-loaded="yes" value={value.toUpperCase()} onChange={(event) => onChange(event.target.value)} />;
}

function setUp(options: { alsoWhenIdle?: boolean } = {}) {
  let requested = 0;
  let arrive: () => void = () => {};
  const widget = lazyWidget<FieldProps>(() => {
    requested += 1;
    return new Promise((resolve) => {
      arrive = () => resolve(LoudField);
    });
  });
  function Field() {
    const [value, setValue] = useState('');
    const { Loaded, onFocus, onBlur } = useWidgetOnFocus(widget, 'field', options);
    if (Loaded) return <Loaded value={value} onChange={setValue} />;
    return <input id="field" aria-label="Field" value={value} onFocus={onFocus} onBlur={onBlur} onChange={(event) => setValue(event.target.value)} />;
  }
  return { Field, widget, requested: () => requested, arrive: () => arrive() };
}

describe('a widget loaded on focus', () => {
  it('shows the plain field without downloading anything until the field is focused', async () => {
    const { Field, requested } = setUp();
    render(<Field />);
    await act(async () => {});
    expect(requested()).toBe(0);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' });
    expect(field.readOnly).toBe(false);
    expect(field.dataset.loaded).toBeUndefined();
  });

  it('downloads on focus, takes input meanwhile, then swaps in the loaded field with the focus and the caret at the end', async () => {
    const { Field, requested, arrive } = setUp();
    render(<Field />);
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' });
    await userEvent.click(plain);
    expect(requested()).toBe(1);
    await userEvent.keyboard('abc');
    expect(plain.value).toBe('abc');
    await act(async () => arrive());
    const loaded = screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' });
    expect(loaded.dataset.loaded).toBe('yes');
    expect(loaded.value).toBe('ABC');
    expect(document.activeElement).toBe(loaded);
    expect(loaded.selectionStart).toBe(3);
    await userEvent.keyboard('d');
    expect(loaded.value).toBe('ABCD');
  });

  it('does not take the focus back when the applicant has left the field before the download ends', async () => {
    const { Field, arrive } = setUp();
    render(
      <>
        <Field />
        <button type="button">Elsewhere</button>
      </>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await act(async () => arrive());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' }).dataset.loaded).toBe('yes');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });

  it('renders the loaded field at once in a field shown after the download', async () => {
    const { Field, arrive, widget } = setUp();
    const first = render(<Field />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Field' }));
    await act(async () => arrive());
    await widget.preload();
    first.unmount();
    render(<Field />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' }).dataset.loaded).toBe('yes');
  });

  it('with alsoWhenIdle, downloads at the first idle moment after the field shows, unfocused', async () => {
    const { Field, requested, arrive } = setUp({ alsoWhenIdle: true });
    render(<Field />);
    await waitFor(() => expect(requested()).toBe(1));
    await act(async () => arrive());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Field' }).dataset.loaded).toBe('yes');
    expect(document.activeElement).toBe(document.body);
  });
});
