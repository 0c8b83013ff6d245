// The words of the author's bench in the Messages tab: the composer of messages sent by hand, their
// answers, and "Save session". Merged into Words (words.ts), read through useWords.

export interface BenchWords {
  composer: string;
  composerMessage: string;
  otherMethod: string;
  composerMethod: string;
  composerKind: string;
  request: string;
  notice: string;
  composerParams: string;
  composerFiles: string;
  composerFilesHint: string;
  send: string;
  sendAnyway: string;
  /** The message does not fit the protocol: what is wrong, before it is sent anyway. */
  doesNotFit: string;
  methodMissing: string;
  paramsNotJson: (problem: string) => string;
  sentByHand: string;
  waitingForAnswer: string;
  answeredIn: (ms: number) => string;
  noticeSent: string;
  /** What came back, by its outcome. */
  answerFailure: (code: number, message: string) => string;
  answerTimeout: (message: string) => string;
  answerEnded: (message: string) => string;
  answerUnavailable: (message: string) => string;
  answerRefused: string;
  answerDoesNotFit: string;
  sentAnyway: string;
  saveSession: string;
  sessionNotSaved: (problem: string) => string;
}
