// API processes over one shared database (`tests/api/cart-server.ts`), for the suites that
// prove an order's rules hold across processes (stock, delivery slots).
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { JWT_SECRET } from './auth-helpers.ts';

/** One API process over the shared database, as `tests/api/cart-server.ts` starts it. */
export interface ApiProcess {
  child: ChildProcess;
  url: string;
}

export function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const script = fileURLToPath(new URL('./cart-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start in time: ${stderr}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}: ${stderr}`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (text) => {
      clearTimeout(timer);
      resolve({ child, url: (JSON.parse(text) as { url: string }).url });
    });
  });
}

export function stopApiProcess(p: ApiProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}
