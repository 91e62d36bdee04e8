import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-types';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffFileType', () => {
  it('tells PDF, PNG and JPEG from their first bytes', () => {
    expect(sniffFileType(text('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('png');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46))).toBe('jpeg');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('jpeg');
  });

  it('refuses anything else, whatever its name would say', () => {
    expect(sniffFileType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(text('GIF89a'))).toBeNull();
    expect(sniffFileType(text('PK\u0003\u0004'))).toBeNull();
    expect(sniffFileType(text(' %PDF-1.7'))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffFileType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });
});
