// One applicant of the load benchmark's deadline run (deadline.ts): logged in before the clock, it
// saves a page every SAVE_EVERY_MS, and at its moment uploads a Word document and a photo through
// the real upload API and polls their conversions as the renderer does.
import fs from 'node:fs';
import { apiPaths, conversionPath, type Answers, type ConversionStatusResponse } from '../../../common/api';
import { CONVERSION_POLL_MS } from '../../../common/constants';
import { ApiClient } from '../../support/http-client';
import { convertThroughApi, uploadFile } from '../../support/uploads';
import type { CorpusFile } from '../../support/corpus-files';
import { PASSWORD, SHOWN_UPLOAD_KEYS, type SimulatedApplicant } from './applicants';
import { ms } from './job-profile';

/** A save every two seconds, as in the applicant runs. */
export const SAVE_EVERY_MS = 2_000;
/** How long after the run a conversion still not finished is waited for before it counts as failed. */
export const DRAIN_LIMIT_MS = 120_000;
const FINISHED: readonly string[] = ['COMPLETED', 'FAILED', 'NOT_ANSWERED'];

/** One document an applicant uploads and converts. */
export interface Conversion {
  applicant: number;
  kind: 'Word' | 'photo';
  file: CorpusFile;
  bytes: Buffer;
  answerKey: string;
  /** Date.now() when the upload started: the store's times are the server's Date.now() on the same machine. */
  startedAt: number;
  fileKey: string | null;
  /** The last status polled, or what went wrong before there was one. */
  status: string;
  message: string;
}


const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export class DeadlineApplicant {
  readonly conversions: Conversion[];
  private readonly client: ApiClient;
  private readonly headers: Record<string, string>;

  constructor(
    private readonly applicant: SimulatedApplicant,
    private readonly baseUrl: string,
    files: [CorpusFile, CorpusFile],
    private readonly saves: { sentAt: number; ms: number }[],
    private readonly pollTimes: number[],
    private readonly problems: string[],
  ) {
    this.client = new ApiClient(baseUrl);
    this.headers = { 'x-forwarded-for': applicant.address };
    const [word, photo] = files;
    const conversion = (kind: Conversion['kind'], file: CorpusFile, answerKey: string): Conversion => ({
      applicant: applicant.index,
      kind,
      file,
      bytes: fs.readFileSync(file.path),
      answerKey,
      startedAt: 0,
      fileKey: null,
      status: 'not started',
      message: '',
    });
    this.conversions = [conversion('Word', word, SHOWN_UPLOAD_KEYS[0]!), conversion('photo', photo, SHOWN_UPLOAD_KEYS[1]!)];
  }

  async logIn(): Promise<void> {
    const response = await this.client.request('POST', apiPaths.login, { username: this.applicant.username, password: PASSWORD }, this.headers);
    if (response.status !== 200) throw new Error(`the login of ${this.applicant.username} answered ${response.status}`);
    this.applicant.cookie = this.client.cookieHeader();
  }

  /**
   * Converts both its documents once, before the clock starts, and says how long each took: the
   * first job of a fresh server starts a sandbox process and its soffice, which a server at a
   * deadline, converting all day, has done long before.
   */
  async warmUp(): Promise<string> {
    const times: string[] = [];
    for (const conversion of this.conversions) {
      const started = performance.now();
      const final = await convertThroughApi({ origin: this.baseUrl }, this.client, conversion.answerKey, conversion.bytes, conversion.file.uploadName, { timeoutMs: DRAIN_LIMIT_MS, pollMs: 50 });
      times.push(`${conversion.kind} ${final.status} in ${ms(performance.now() - started)}`);
    }
    return times.join(', ');
  }

  /** Saves a page every SAVE_EVERY_MS from `firstAt` until `endAt` (performance.now() times). */
  async save(firstAt: number, endAt: number): Promise<void> {
    for (let at = firstAt; at < endAt; at += SAVE_EVERY_MS) {
      await sleepUntil(at);
      const patch: Answers = this.applicant.nextSave();
      const sent = performance.now();
      try {
        const response = await this.client.request('PUT', apiPaths.answer, patch, this.headers);
        this.saves.push({ sentAt: sent, ms: performance.now() - sent });
        if (response.status === 200) this.applicant.acknowledge(patch);
        else this.problem(`save answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`, patch);
      } catch (error) {
        this.problem(`save: ${(error as Error).message.slice(0, 200)}`, patch);
      }
    }
  }

  /** Uploads both documents at `at` (performance.now()), each converted and polled until it finishes or `giveUpAt` passes. */
  async uploadAndConvert(at: number, giveUpAt: number): Promise<void> {
    await sleepUntil(at);
    await Promise.all(this.conversions.map((conversion) => this.convert(conversion, giveUpAt)));
  }

  private async convert(conversion: Conversion, giveUpAt: number): Promise<void> {
    conversion.startedAt = Date.now();
    try {
      const fileKey = await uploadFile({ origin: this.baseUrl }, this.client, conversion.answerKey, conversion.bytes);
      conversion.fileKey = fileKey;
      const started = await this.client.request<ConversionStatusResponse>('POST', conversionPath(conversion.answerKey), { file_key: fileKey, file_name: conversion.file.uploadName }, this.headers);
      conversion.status = started.status === 202 ? started.body.status : `start answered ${started.status}`;
      conversion.message = started.status === 202 ? '' : JSON.stringify(started.body).slice(0, 200);
      while (started.status === 202 && !FINISHED.includes(conversion.status) && performance.now() < giveUpAt) {
        await sleepUntil(performance.now() + CONVERSION_POLL_MS);
        const sent = performance.now();
        const polled = await this.client.request<ConversionStatusResponse>('GET', conversionPath(conversion.answerKey), undefined, this.headers);
        this.pollTimes.push(performance.now() - sent);
        if (polled.status !== 200) this.problems.push(`poll answered ${polled.status}`);
        else [conversion.status, conversion.message] = [polled.body.status, polled.body.message];
      }
    } catch (error) {
      conversion.status = 'error';
      conversion.message = (error as Error).message.slice(0, 200);
    }
  }

  private problem(line: string, patch: Answers): void {
    this.problems.push(line);
    this.applicant.leaveUnconfirmed(patch);
  }
}
