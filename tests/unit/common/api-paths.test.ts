// One spelling of each API path (issue 17, item 7): the routes declare the parameter paths of
// common/api.ts and the clients fill the same strings.
import { describe, expect, it } from 'vitest';
import { apiPaths, conversionPath, documentAnswerPath, fillPath, isServerPath, paramPaths } from '../../../common/api';
import { recommendationPaths } from '../../../common/recommendation-api';
import { staffPaths } from '../../../common/staff-api';
import { serviceDocumentPath, tokenPaths } from '../../../common/token-api';

describe('API paths', () => {
  it('fills each parameter with its encoded value', () => {
    expect(fillPath(paramPaths.conversion, { key: 'resume_doc' })).toBe('/api/pdf/document-answer/resume_doc');
    expect(fillPath(paramPaths.applicationPdfFile, { id: 'a/b c' })).toBe('/api/pdf/file/a%2Fb%20c');
  });

  it('builds the clients’ URLs from the routes’ own patterns', () => {
    expect(documentAnswerPath('essay doc')).toBe('/api/document-answer/essay%20doc');
    expect(conversionPath('essay')).toBe('/api/pdf/document-answer/essay');
    expect(serviceDocumentPath('resume_doc', 't&1')).toBe('/service/document/resume_doc?service_token=t%261');
  });

  it('names where every path of the server begins, so the renderer never answers one of them', () => {
    const paths = [apiPaths, paramPaths, tokenPaths, staffPaths, recommendationPaths].flatMap((group) => Object.values(group));
    expect(paths.filter((path) => !isServerPath(path))).toEqual([]);
    expect(isServerPath('/API/answer')).toBe(true);
    for (const page of ['/about', '/login', '/staff', '/staff/login', '/completion', '/recommend/abc', '/assets/index.js', '/apis']) expect(isServerPath(page)).toBe(false);
  });
});
