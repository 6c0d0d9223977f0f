import { ApiError, errorCode, errorMessage, errorParams } from './http';

const refusal = (data: unknown, status = 400) => new ApiError(status, data);

describe('the code of a refused call', () => {
  it('reads the code and its params beside the unchanged message', () => {
    const err = refusal(
      {
        code: 'image-too-large',
        params: { field: 'picture', limit: '5 MB' },
        error: 'too large',
        message: 'too large',
      },
      413,
    );
    expect(errorCode(err)).toBe('image-too-large');
    expect(errorParams(err)).toEqual({ field: 'picture', limit: '5 MB' });
    expect(errorMessage(err)).toBe('too large');
  });

  it('gives no code for a code this build does not know, for no answer, or for another error', () => {
    expect(errorCode(refusal({ code: 'from-a-newer-server', message: 'x' }))).toBeUndefined();
    expect(errorCode(refusal({ code: 'toString', message: 'x' }))).toBeUndefined();
    expect(errorCode(refusal(undefined))).toBeUndefined();
    expect(errorCode(new Error('boom'))).toBeUndefined();
  });

  it('gives empty params when the body has none or they are not an object', () => {
    expect(errorParams(refusal({ code: 'not-found', message: 'Not found' }))).toEqual({});
    expect(errorParams(refusal({ code: 'not-found', params: ['x'], message: 'Not found' }))).toEqual({});
    expect(errorParams(new Error('boom'))).toEqual({});
  });
});
