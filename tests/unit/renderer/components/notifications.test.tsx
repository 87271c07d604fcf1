// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../../../renderer/src/components/errors/app-error-boundary';
import { useThrowToBoundary } from '../../../../renderer/src/components/errors/use-throw-to-boundary';
import { ToastableError } from '../../../../renderer/src/components/errors/toastable-error';
import { loadToasts, showErrorToast, showSuccessToast } from '../../../../renderer/src/components/ui/notifications';
import { Toaster } from '../../../../renderer/src/components/ui/toaster';

// The toasts are a chunk fetched at the first notice (toasts-on-demand.test.tsx); here it is in.
beforeAll(async () => {
  await loadToasts();
});
beforeEach(() => {
  toast.remove();
});
afterEach(() => vi.restoreAllMocks());

// Hovering or focusing the region pauses every toast's timer in react-hot-toast's shared store;
// a test that does so leaves again, or the next test's toasts would never time out.
async function leave(region: HTMLElement) {
  await userEvent.unhover(region);
  act(() => region.blur());
}

describe('toasts', () => {
  it('labels each toast, titles it Success or Error, and lets F8 reach the region', async () => {
    render(<Toaster />);
    act(() => {
      showSuccessToast('Saved.');
      showErrorToast('Login Card Error', 'Incorrect email address or password.');
    });
    const success = await screen.findByLabelText('Success Notification');
    expect(success.querySelector('.toast__title')?.textContent).toBe('Success');
    const error = screen.getByLabelText('Login Card Error');
    expect(error.querySelector('.toast__title')?.textContent).toBe('Error');

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await userEvent.keyboard('{F8}');
    expect(document.activeElement).toBe(region);
    await leave(region);
  });

  it('closes a toast with its dismiss button', async () => {
    render(<Toaster />);
    act(() => void showErrorToast('Sign Up Card Error', 'Taken.'));
    const shown = await screen.findByLabelText('Sign Up Card Error');
    await userEvent.click(within(shown).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByLabelText('Sign Up Card Error')).toBeNull());
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(document.activeElement).toBe(region);
    await leave(region);
  });

  it('stays 5 seconds by default', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => void showSuccessToast('Saved.'));
      expect(screen.getByLabelText('Success Notification')).toBeTruthy();
      act(() => vi.advanceTimersByTime(4_900));
      expect(screen.getByLabelText('Success Notification')).toBeTruthy();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByLabelText('Success Notification')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits while the pointer is over the region or the focus in it', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      const region = screen.getByRole('region', { name: 'Notifications (F8)' });
      act(() => void showSuccessToast('Saved.'));
      act(() => void fireEvent.mouseEnter(region));
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.getByLabelText('Success Notification')).toBeTruthy();
      act(() => void fireEvent.mouseLeave(region));
      act(() => region.focus());
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.getByLabelText('Success Notification')).toBeTruthy();
      act(() => region.blur());
      act(() => vi.advanceTimersByTime(5_100));
      expect(screen.queryByLabelText('Success Notification')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

function UploadButton() {
  const throwToBoundary = useThrowToBoundary();
  const onClick = () =>
    throwToBoundary(new ToastableError('Error uploading file for resume', 'The file could not be converted.'));
  return (
    <button type="button" onClick={onClick}>
      Upload
    </button>
  );
}

function Bomb({ error }: { error: Error }): never {
  throw error;
}

describe('error boundary', () => {
  it('shows an unexpected error in the Unexpected Error dialog and renders again when closed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Page() {
      if (fail) throw new Error('internal detail that must not leak');
      return <p>Page content</p>;
    }
    render(
      <AppErrorBoundary>
        <Page />
      </AppErrorBoundary>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(dialog.textContent).toContain("We've encountered an unexpected error at this time. Please try again later.");
    expect(dialog.textContent).not.toContain('internal detail');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Page content')).toBeTruthy();
  });

  it('shows a toastable error as a 5-minute error toast instead of the dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const showToast = vi.spyOn(toast, 'custom');
    render(
      <>
        <AppErrorBoundary>
          <UploadButton />
        </AppErrorBoundary>
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const shown = await screen.findByLabelText('Error uploading file for resume');
    expect(shown.textContent).toContain('The file could not be converted.');
    expect(showToast).toHaveBeenCalledWith(expect.any(Function), expect.objectContaining({ duration: 300_000 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('falls back to the dialog when a toastable error is thrown again after its toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Bomb error={new ToastableError('Error adding another college', 'Could not add.')} />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('dialog', { name: 'Unexpected Error' })).toBeTruthy();
  });
});
