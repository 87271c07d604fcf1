// @vitest-environment happy-dom
// Issue 26, item 5: the toasts (react-hot-toast and their cards) are a chunk fetched at the first
// notice or the first interaction, not with the page; the region that announces them is there
// from the start, and notices raised before the chunk arrives show, in order.
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissSuccessToast, loadedToasts, showErrorToast, showSuccessToast } from '../../../../renderer/src/components/ui/notifications';
import { Toaster } from '../../../../renderer/src/components/ui/toaster';

// One test: what it checks is this file's first notice, before the chunk was ever loaded.
describe('the toasts’ chunk', () => {
  it('is not loaded with the region, and shows in order what was raised before it arrived', async () => {
    dismissSuccessToast();
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.children).toHaveLength(0);
    // Taking a toast down before any was raised downloads nothing.
    expect(loadedToasts()).toBeUndefined();

    act(() => {
      showErrorToast('Login Card Error', 'First.');
      showSuccessToast('Second.');
      showErrorToast('Sign Up Card Error', 'Third.');
      dismissSuccessToast();
    });
    expect(loadedToasts()).toBeUndefined();
    await waitFor(() => expect(region.querySelectorAll('[role="status"]')).toHaveLength(2));
    // react-hot-toast lists the newest first, as it did when the toasts loaded with the page.
    const labels = [...region.querySelectorAll('[role="status"]')].map((toast) => toast.getAttribute('aria-label'));
    expect(labels).toEqual(['Sign Up Card Error', 'Login Card Error']);
    expect(screen.queryByLabelText('Success Notification')).toBeNull();
    // Once in, a notice shows at once.
    act(() => void showSuccessToast('Now.'));
    expect(screen.getByLabelText('Success Notification').textContent).toContain('Now.');
  });
});
