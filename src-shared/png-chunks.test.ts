import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, pngChunk } from './png-chunks';

describe('PNG chunks', () => {
  it('writes the length, the type, the data and the CRC-32 zlib gives of type and data', () => {
    const data = Uint8Array.of(0, 0, 0, 2, 0, 0, 0, 3, 8, 2, 0, 0, 0);
    const chunk = pngChunk('IHDR', data);
    expect(Buffer.from(chunk.subarray(0, 8)).toString('latin1')).toBe('\0\0\0\rIHDR');
    expect(chunk.subarray(8, 21)).toEqual(data);
    expect(Buffer.from(chunk).readUInt32BE(21)).toBe(zlibCrc32(Buffer.from(chunk.subarray(4, 21))));
    expect(crc32(new Uint8Array())).toBe(0);
    expect(pngChunk('IEND', new Uint8Array())).toEqual(Uint8Array.of(0, 0, 0, 0, 73, 69, 78, 68, 0xae, 0x42, 0x60, 0x82));
  });
});
