// `npm run checks`: the lint, the formatter's check and the type checks, started together. Each is
// one process keeping about one core busy, so on two cores the three take less time together than
// one after the other (bench/README.md, "`npm test` on two cores", has the times). Each check's
// output is printed whole once it ends, in the order below, so two checks never interleave their
// lines; the exit code is 1 when any failed.
import { spawn } from 'node:child_process';

const checks = ['lint', 'format:check', 'typecheck'];

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      resolve({ script, passed: code === 0, how: signal ? `ended by ${signal}` : `exit ${code}`, seconds, output: Buffer.concat(output) });
    });
  });
}

const results = checks.map(run);
const failed = [];
for (const result of results) {
  const { script, passed, how, seconds, output } = await result;
  console.log(`> npm run ${script}: ${passed ? 'passed' : `FAILED (${how})`} in ${seconds} s`);
  if (output.length > 0) process.stdout.write(output);
  if (!passed) failed.push(script);
}
if (failed.length > 0) {
  console.error(`checks: ${failed.join(', ')} failed`);
  process.exitCode = 1;
}
