import { isJsonObject, readAnswersColumn, readAnswerTimesColumn, readDbJson, StoredJsonError, toDbJson } from './json';
import { parseDetailColumn } from '../domain/grading';
import { parseContentColumn } from '../domain/content';

// Every JSON column is read here, the same way on both databases: SQLite gives the text, PostgreSQL the parsed value.
describe('JSON columns', () => {
  it('reads the text SQLite keeps and the value PostgreSQL returns alike', () => {
    const answers = { 1: 'a', 2: 'Sel adalah unit terkecil' };
    expect(readAnswersColumn(toDbJson(answers))).toEqual(answers);
    expect(readAnswersColumn(answers)).toEqual(answers);
    expect(readAnswerTimesColumn(toDbJson({ 1: 1_700_000_000_000 }))).toEqual({ 1: 1_700_000_000_000 });
  });

  it('reads SQL NULL and JSON null as no value', () => {
    for (const none of [null, undefined, 'null']) {
      expect(readAnswersColumn(none)).toBeNull();
      expect(readAnswerTimesColumn(none)).toEqual({});
      expect(parseContentColumn(none)).toEqual({});
      expect(parseDetailColumn(none)).toEqual({});
    }
  });

  // One error behaviour for every column: what cannot be read fails, naming the column, and is never read as empty.
  it.each([
    ['answers', () => readAnswersColumn('{"1":')],
    ['answers', () => readAnswersColumn('["a"]')],
    ['answers', () => readAnswersColumn({ 1: 7 })],
    ['answers_at', () => readAnswerTimesColumn('{"1":"yesterday"}')],
    ['content', () => parseContentColumn('{"1":{"text":"q"}}')],
    ['content', () => parseContentColumn('not json')],
    ['detail', () => parseDetailColumn('[1,2]')],
    ['detail', () => parseDetailColumn('{"1":')],
  ])('a stored %s that is not JSON or not of its shape fails with StoredJsonError', (column, read) => {
    let error: unknown;
    try {
      read();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoredJsonError);
    expect((error as StoredJsonError).column).toBe(column);
    expect((error as Error).message).toMatch(new RegExp(`^stored ${column} `));
  });

  it('checks the shape it is given, on text and on parsed values', () => {
    expect(readDbJson('{"a":1}', 'x', isJsonObject)).toEqual({ a: 1 });
    expect(() => readDbJson('3', 'x', isJsonObject)).toThrow(StoredJsonError);
    expect(() => readDbJson(3, 'x', isJsonObject)).toThrow(StoredJsonError);
  });
});
