// A size in bytes as a person reads it, in the window's languages: "840 bytes", "1.2 MB"; "840 octets",
// "1,2 Mo". Decimal units, as file managers on macOS show them.
import { countIn } from '../../src-shared/plural';

const ways = {
  en: { units: ['KB', 'MB', 'GB'], byte: ['byte', 'bytes'], space: ' ' },
  fr: { units: ['ko', 'Mo', 'Go'], byte: ['octet', 'octets'], space: '\u00a0' },
} as const;

export function sizeIn(language: keyof typeof ways, bytes: number): string {
  const way = ways[language];
  if (!(bytes >= 1000)) return countIn(language, bytes, way.byte[0], way.byte[1]);
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < way.units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString(language, { maximumFractionDigits: value < 10 ? 1 : 0 })}${way.space}${way.units[unit]}`;
}
