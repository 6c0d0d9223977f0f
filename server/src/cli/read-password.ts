/**
 * Reads a password without it ever being a command-line argument (shell history, `ps`): typed at a prompt that does
 * not echo it (asked twice), or, when standard input is not a terminal, the first line of standard input
 * (`printf '%s\n' "$PW" | …`, a file, a secret manager's pipe).
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';

/** Standard output that can be told to swallow the echo of what is typed. */
class MutableOutput extends Writable {
  muted = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    if (!this.muted) process.stdout.write(chunk);
    done();
  }
}

function askHidden(question: string): Promise<string> {
  const output = new MutableOutput();
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.on('SIGINT', () => {
      rl.close();
      process.stdout.write('\n');
      reject(new Error('cancelled'));
    });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    output.muted = true; // after the question is written: only the typed characters are hidden
  });
}

async function firstLineOfStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

export async function readNewPassword(account: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await askHidden(`New password for ${account}: `);
  const again = await askHidden('Type it again: ');
  if (first !== again) throw new Error('the two passwords typed differ; nothing was changed');
  return first;
}
