import { describe, expect, it } from 'vitest';

import { newCountsText } from './format.ts';

describe('newCountsText', () => {
  it('counts new questions and answers since the last visit, in words', () => {
    expect(newCountsText({ newQuestionsCount: 3, newAnswersCount: 1 })).toBe('3 new questions · 1 new answer');
    expect(newCountsText({ newQuestionsCount: 1, newAnswersCount: 0 })).toBe('1 new question');
    expect(newCountsText({ newQuestionsCount: 0, newAnswersCount: 2 })).toBe('2 new answers');
  });

  it('says nothing when there is nothing new or nothing counted', () => {
    expect(newCountsText({ newQuestionsCount: 0, newAnswersCount: 0 })).toBe('');
    expect(newCountsText({ newQuestionsCount: null, newAnswersCount: null })).toBe('');
  });
});
