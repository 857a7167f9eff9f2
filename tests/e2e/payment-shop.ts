import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

// A second shop for the payment specs, started the operator's way (`npm run db:seed` with the
// suite's catalogue, then `npm run serve` over the suite's built site), so its pages are the
// suite's and its item numbers the same. It runs what the suite's shop cannot: Razorpay with
// dummy keys (its HTTP calls answered by `tests/fixtures/razorpay-api.ts`, loaded with
// `--import`: no network) and a hold of seconds, so an abandoned payment ends within a test.
// It listens on a free port of the OS's choosing; black box: nothing of `src/` is imported.

export const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_e2eaisle',
  RAZORPAY_KEY_SECRET: 'dummy-e2e-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'dummy-e2e-webhook-secret',
};

export interface PaymentShop {
  url: string;
  dataDir: string;
  /** The JSON lines the Razorpay interceptor wrote (each call the shop made to Razorpay). */
  razorpayCalls(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/** Seeds a shop of its own and serves it with Razorpay keys and a hold of `holdSeconds`. */
export async function startPaymentShop(holdSeconds: number): Promise<PaymentShop> {
  const dataDir = mkdtempSync(resolve('test-results/e2e-payments-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SITE_DIR: resolve('test-results/e2e-site'),
    HOST: '127.0.0.1',
    PORT: '0',
    PAYMENTS_TEST: '1',
    PAYMENT_HOLD_SECONDS: String(holdSeconds),
    ...RAZORPAY_KEYS,
  };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ['scripts/db-seed.ts', '--items', '300', '--seed', '7'], { env, stdio: 'pipe' });
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', './tests/fixtures/razorpay-api.ts', 'scripts/serve.ts'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  const url = await new Promise<string>((ok, fail) => {
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /serving .* data at (http:\/\/\S+)/.exec(err);
      if (m?.[1] !== undefined) ok(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`serve exited (${code}): ${err}`)));
  });
  return {
    url,
    dataDir,
    razorpayCalls: () =>
      err
        .split('\n')
        .filter((l) => l.startsWith('{"razorpay"'))
        .map((l) => (JSON.parse(l) as { razorpay: Record<string, unknown> }).razorpay),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One `open()` of the stand-in Checkout: answer signed, answer tampered with, or closed by the shopper. */
export type CheckoutTry = 'pay' | 'tamper' | 'dismiss';

/**
 * The stand-in for Razorpay's `checkout.js`, served by a Playwright route: `new Razorpay(options)`
 * keeps the options (for the spec to read), `open()` shows Razorpay's frame (from
 * api.razorpay.com, routed too) and then, per try in `tries`, calls `handler` with a payment
 * id, the order id and the signature Razorpay would send (HMAC-SHA256 of `order_id|payment_id`
 * with the key secret, computed in the page), the same with a tampered signature, or
 * `modal.ondismiss` after a `payment.failed` as Checkout does when the shopper gives up.
 */
export function checkoutScript(tries: readonly CheckoutTry[]): string {
  return `(() => {
  const tries = ${JSON.stringify(tries)};
  const secret = ${JSON.stringify(RAZORPAY_KEYS.RAZORPAY_KEY_SECRET)};
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
  async function sign(text) {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  }
  window.__checkout = { opened: [] };
  window.Razorpay = function Razorpay(options) {
    const listeners = {};
    this.on = (event, fn) => { listeners[event] = fn; };
    this.open = () => {
      const n = window.__checkout.opened.length;
      window.__checkout.opened.push(JSON.parse(JSON.stringify(options)));
      const frame = document.createElement('iframe');
      frame.src = 'https://api.razorpay.com/v1/checkout/public';
      frame.title = 'Razorpay Checkout';
      frame.style.position = 'fixed';
      frame.style.inset = '0';
      frame.style.width = '100%';
      frame.style.height = '100%';
      frame.style.border = '0';
      document.body.append(frame);
      const what = tries[n] ?? 'dismiss';
      setTimeout(async () => {
        frame.remove();
        if (what === 'dismiss') {
          listeners['payment.failed']?.({ error: { description: 'Your bank declined the payment.', reason: 'payment_failed' } });
          options.modal.ondismiss();
          return;
        }
        const paymentId = 'pay_E2E' + String(n + 1).padStart(11, '0');
        const signature = await sign(options.order_id + '|' + paymentId);
        options.handler({
          razorpay_payment_id: paymentId,
          razorpay_order_id: options.order_id,
          razorpay_signature: what === 'tamper' ? signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0') : signature,
        });
      }, 400);
    };
  };
})();`;
}
