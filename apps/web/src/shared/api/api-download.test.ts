import { describe, expect, it } from 'vitest';
import { filenameOf } from './api-download';

describe('filenameOf', () => {
  it('reads the filename of a content-disposition header, the extended form first, never a folder', () => {
    expect(filenameOf('attachment; filename="itp-rmm-agent-windows.zip"')).toBe('itp-rmm-agent-windows.zip');
    expect(filenameOf('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(filenameOf('attachment; filename="fallback.zip"; filename*=UTF-8\'\'caf%C3%A9.zip')).toBe('café.zip');
    expect(filenameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });
});
