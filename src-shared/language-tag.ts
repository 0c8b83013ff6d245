// A language tag as the app takes one (en, fr, pt-BR): the one definition, used by the host, the CLI
// and the desktop app; the protocol's schemas write the same pattern (protocol.test.ts holds them to it).
export const LANGUAGE_TAG_PATTERN = '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$';

const languageTag = new RegExp(LANGUAGE_TAG_PATTERN);

export const isLanguageTag = (value: string): boolean => languageTag.test(value);
