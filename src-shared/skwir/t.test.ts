import { it, expect } from 'vitest';
import { skwirProblems, skwirDef, SKWIR_MANIFEST_SCHEMA_ID } from './schema-check';
it('x', () => {
  const a: any = { answer: 'plan', title: 't', steps: [{ op: 'rename', file: 1, name: 'x' }, { op: 'zap' }] };
  console.log(skwirProblems(skwirDef('CommandResult'), a, 'result'), JSON.stringify(a));
  const b: any = { answer: 'text', text: 'hi' };
  console.log(skwirProblems(skwirDef('CommandResult'), b, 'result'), JSON.stringify(b));
  const c: any = { title: 'x', rows: [{ cells: ['a'] }, {}] , kind: 'pic'};
  console.log(skwirProblems(skwirDef('Inspection'), c, 'result'), JSON.stringify(c));
  console.log(skwirProblems(skwirDef('ThumbnailResult'), { png: 5 }, 'result'));
  console.log(skwirProblems(skwirDef('ThumbnailResult'), { png: 'abc' }, 'result'));
  console.log(skwirProblems(skwirDef('CommandResult'), { value: 1 }, 'result'));
  const m: any = { id: 'org.x.y', name: 'N', version: '1', program: { exec: 'a' }, fields: [{ key: 'a', title: 'b', extensions: ['.ppm'] }], capabilities: ['read', 'camera'] };
  console.log(skwirProblems(SKWIR_MANIFEST_SCHEMA_ID, m, '', 'skwir-plugin.toml'), JSON.stringify(m));
});
