import { describe, expect, it } from 'vitest';
import { loadedFaceKeys } from '../../../../backend/fonts/font-faces';
import { fontRuns } from '../../../../backend/fonts/font-runs';

const runs = (text: string, style: Parameters<typeof fontRuns>[1] = 'regular') => fontRuns(text, style).map((run) => [run.face.key, run.text]);

describe('splitting text into runs by the face of the chain that draws them', () => {
  // First, before any other test of this file loads a face: each test file runs in its own module scope.
  it('reads no face but Noto Sans for Latin, Greek, Cyrillic and Devanagari text', () => {
    expect(runs('Łukasz Ελένη Анна प्रिया, 1990 – “Zoë”')).toEqual([['NotoSans-400Regular', 'Łukasz Ελένη Анна प्रिया, 1990 – “Zoë”']]);
    expect(loadedFaceKeys()).toEqual(['NotoSans-400Regular']);
  });

  it('switches face where the script changes, spaces and punctuation staying with the text before them', () => {
    expect(runs('Łukasz Wąsowski-张伟 (محمد عبد الله) אברהם สมชาย')).toEqual([
      ['NotoSans-400Regular', 'Łukasz Wąsowski-'],
      ['NotoSansSC-400Regular', '张伟 ('],
      ['Amiri-400Regular', 'محمد عبد الله) '],
      ['NotoSansHebrew-400Regular', 'אברהם '],
      ['NotoSansThai-400Regular', 'สมชาย'],
    ]);
  });

  it('keeps a character with its combining marks, and a character outside the BMP whole', () => {
    expect(runs('Nguye\u0302\u0303n')).toEqual([['NotoSans-400Regular', 'Nguye\u0302\u0303n']]);
    expect(runs('𠮷野家')).toEqual([
      ['NotoSansJP-400Regular', '𠮷'],
      ['NotoSansSC-400Regular', '野家'],
    ]);
  });

  it('draws Han characters in the Japanese face beside kana, in the Korean one beside Hangul', () => {
    expect(runs('山田さくら')).toEqual([['NotoSansJP-400Regular', '山田さくら']]);
    expect(runs('金민준')).toEqual([['NotoSansKR-400Regular', '金민준']]);
  });

  it('takes the bold and italic files where the family has them, else the upright file slanted', () => {
    const [latin, chinese] = fontRuns('Zoë 张', 'boldItalic');
    expect([latin!.face.key, latin!.face.oblique]).toEqual(['NotoSans-700Bold_Italic', false]);
    expect([chinese!.face.key, chinese!.face.oblique]).toEqual(['NotoSansSC-700Bold', true]);
  });
});
