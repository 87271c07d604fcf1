// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageHeadingProps, usePageArrival } from '../../../../renderer/src/lib/page-arrival';

let go: ReturnType<typeof useNavigate>;

function Arrival() {
  usePageArrival();
  go = useNavigate();
  return null;
}

function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main>
      <h2 {...pageHeadingProps}>{title}</h2>
      <button type="button">Save and Continue</button>
      {children}
    </main>
  );
}

/** A page that focuses its own summary when it shows, as the error summary does after a refused submit. */
function PageWithSummary() {
  const summary = useRef<HTMLElement>(null);
  useEffect(() => summary.current?.focus(), []);
  return (
    <Page title="Final Steps">
      <section ref={summary} tabIndex={-1} aria-label="Please fix the following before you submit" />
    </Page>
  );
}

function App({ initial = '/about' }: { initial?: string }) {
  return (
    <MemoryRouter initialEntries={[initial]}>
      <Arrival />
      <Routes>
        <Route path="/about" element={<Page title="About You" />} />
        <Route path="/education" element={<Page title="Your Academics" />} />
        <Route path="/final-steps" element={<PageWithSummary />} />
        <Route path="/late" element={<Late />} />
      </Routes>
    </MemoryRouter>
  );
}

let showLate: (() => void) | undefined;
function Late() {
  const [shown, setShown] = useState(false);
  showLate = () => setShown(true);
  return <main>{shown ? <h2 {...pageHeadingProps}>Loaded late</h2> : <p>Loading page</p>}</main>;
}

describe('usePageArrival', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    showLate = undefined;
  });

  it('leaves the redirects of a first load alone, before anyone has acted', () => {
    render(<App />);
    act(() => void go('/education', { replace: true }));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Your Academics' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top and focuses the next page heading after a move to another path', () => {
    render(<App />);
    fireEvent.keyDown(window, { key: 'Enter' });
    act(() => void go('/education'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your Academics' }));
  });

  it('leaves a #field link to the page, and a change of history state on the same path alone', () => {
    render(<App />);
    fireEvent.pointerDown(window);
    act(() => void go('/education#first_name'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Your Academics' }));
    act(() => void go('/education', { replace: true, state: {} }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps focus the page placed itself (the error summary)', () => {
    render(<App />);
    fireEvent.keyDown(window, { key: 'Enter' });
    act(() => void go('/final-steps'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Please fix the following before you submit' }));
  });

  it('waits for a heading that appears after the page loads', async () => {
    render(<App />);
    fireEvent.keyDown(window, { key: 'Enter' });
    act(() => void go('/late'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => showLate?.());
    const heading = await screen.findByRole('heading', { name: 'Loaded late' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
