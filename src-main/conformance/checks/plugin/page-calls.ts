// What a page reader asks after the first page: the middle and the last page, each drawn, and one
// past the last, which a plugin may refuse or answer null but must survive. Every page says how many
// the file has, and they must agree.
import type { CheckedPage } from '../../../../src-shared/skwir/answers';
import { fileWords } from '../../plugin/sample-files';
import type { AnswerJudge, FollowUp } from './asked-calls';

export async function pageFollowUps({ file, request, first, ask }: FollowUp): Promise<void> {
  if (first.outcome !== 'answered' || !first.answer) return;
  const pages = (first.answer as CheckedPage).pages;
  if (pages < 1) return;
  const on = fileWords(file);
  const asked = [...new Set([Math.round((pages + 1) / 2), pages])].filter((page) => page > 1);
  const judge: AnswerJudge = (outcome) => {
    const answer = outcome.answer as CheckedPage | null;
    return answer && answer.pages !== pages ? `says the file has ${answer.pages} pages, where page 1 said ${pages}` : undefined;
  };
  const at = (page: number) => ({ ...request, params: { ...request.params, page } });
  await Promise.all([
    ...asked.map((page) => ask(`page ${page} of ${on}${page === pages ? ' (its last)' : ''}`, at(page), { judge })),
    ask(`page ${pages + 1} of ${on} (one past its last, which a plugin may refuse or answer null)`, at(pages + 1), { mayFail: true }),
  ]);
}
