// What the keystroke benchmark's probes recorded in the page (keystroke-latency.ts): Event Timing's
// entries and the frame probe's times, and their summaries per event type and per keystroke.
import { percentile } from './stats';

/** What the page's probes recorded while it was typed into. */
export interface Timings {
  events: { name: string; duration: number; interactionId: number }[];
  frames: number[];
  keystrokes: number;
}

/** Presentation comes a frame or two after the rendering update the frame probe times. */
const PRESENTATION_SLACK_MS = 250;

/**
 * Event Timing ends at the first frame presented after an event; the frame probe, at the end of
 * the rendering update that drew it. An entry far longer than the slowest probe did not wait for
 * its own frame but for a later paint: the browser withheld the frames' presentation feedback
 * (headless Chromium does on the busiest page), and its figures would be that wait, not typing.
 */
export function expectPresentedFrames(timings: Timings, where: string): void {
  const slowestFrame = Math.max(...timings.frames);
  const late = timings.events.filter((entry) => entry.duration > slowestFrame + PRESENTATION_SLACK_MS);
  if (late.length > 0) {
    throw new Error(
      `on ${where}, ${late.length} Event Timing entries last up to ${Math.max(...late.map((entry) => entry.duration)).toFixed(0)} ms while the frame probe's slowest keystroke ` +
        `took ${slowestFrame.toFixed(0)} ms: the browser withheld its frames' presentation feedback, so Event Timing measured a later paint`,
    );
  }
}

export interface Summary {
  label: string;
  count: number;
  reported: number;
  median: number;
  p99: number;
}

/** Each keystroke's longest reported event (the events of one keystroke share an interactionId). */
export function longestReported(timings: Timings): number[] {
  const longest = new Map<number, number>();
  for (const entry of timings.events) if (entry.interactionId > 0) longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
  return [...longest.values()];
}

/** The durations reported, and a 0 for each keystroke under the threshold (never reported). */
export const withUnreported = (reported: number[], keystrokes: number) => [...reported, ...Array<number>(Math.max(0, keystrokes - reported.length)).fill(0)];

function summary(label: string, timings: Timings, reported: number[]): Summary {
  const samples = withUnreported(reported, timings.keystrokes);
  return { label, count: timings.keystrokes, reported: reported.length, median: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** Event Timing durations of one event type; events under the threshold count as under it. */
export const eventSummary = (timings: Timings, name: string) => summary(name, timings, timings.events.filter((entry) => entry.name === name).map((entry) => entry.duration));

/** INP-style: each keystroke's longest event. */
export const interactionSummary = (timings: Timings) => summary('keystroke (longest event)', timings, longestReported(timings));
