// STAND-IN, replaced when the previews branch merges (take theirs): the real view shows the
// converted file by its type. This one only names it and gives its size, so the Files tab can be
// built and tested against the agreed interface meanwhile.
import type { JSX } from 'react';

/** The size in bytes of base64 text, without decoding it. */
const decodedBytes = (data: string): number => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

export function ConvertedFileView(props: { file: { name: string; data: string /* base64 */ } }): JSX.Element {
  return (
    <p className="converted-file" data-name={props.file.name}>
      <span className="converted-name">{props.file.name}</span> · {decodedBytes(props.file.data).toLocaleString()} B
    </p>
  );
}
