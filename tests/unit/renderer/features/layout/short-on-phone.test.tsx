// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortOnPhone } from '../../../../../renderer/src/features/layout/components/short-on-phone';
import { PHONE_LAYOUT_QUERY } from '../../../../../renderer/src/features/layout/hooks/use-phone-layout';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A screen that is a phone's (or not) as far as the layout's media query goes. */
function screenIsPhone(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_LAYOUT_QUERY && isPhone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderPanel() {
  return render(
    <section aria-labelledby="panel-title">
      <ShortOnPhone summary={<h2 id="panel-title">We&apos;re missing some information!</h2>}>
        <p>The links below show what needs to be completed.</p>
      </ShortOnPhone>
    </section>,
  );
}

describe('a banner or panel on a phone', () => {
  it('is one line, its heading, that opens the panel in full', () => {
    screenIsPhone(true);
    const { container } = renderPanel();
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe("We're missing some information!");
    expect(details.textContent).toContain('The links below show what needs to be completed.');
    expect(screen.getByRole('region', { name: "We're missing some information!" })).toBeTruthy();
  });

  it('is the whole panel on a wider screen', () => {
    screenIsPhone(false);
    const { container } = renderPanel();
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByRole('heading', { name: "We're missing some information!" })).toBeTruthy();
    expect(screen.getByText('The links below show what needs to be completed.')).toBeTruthy();
  });
});
