import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalDouble } from './local-double';

/**
 * Yuansfer's online API on 127.0.0.1: secure-pay, tran-query and refund with their `verifySign`
 * checked, a cashier page of its own, and `pay()` to play the shopper: it records the outcome and
 * posts the signed IPN form to the shop, again and again until the answer is exactly `success`.
 * The signature is computed here independently of the adapter's code, so a mistake there shows.
 */

/** How the next API request fails: HTTP 500, no answer at all, or a 200 that is not JSON. */
export type YuansferFault = '500' | 'timeout' | 'garbage';
export type IpnOutcome = 'success' | 'failed' | 'closed';

export interface YuansferDoubleTransaction {
  transactionNo: string;
  reference: string;
  amount: string;
  currency: string;
  vendor: string;
  ipnUrl: string;
  callbackUrl: string;
  goodsInfo: string;
  status: 'pending' | IpnOutcome;
  refundedCents: number;
}

export interface RecordedYuansferRequest {
  path: string;
  form: Record<string, string>;
}

export interface PayOptions {
  outcome?: IpnOutcome;
  /** Sign a different amount or currency than the payment's (a correctly signed but wrong IPN). */
  amount?: string;
  currency?: string;
  /** Break the form after signing: change the amount, or send a wrong verifySign. */
  tamper?: 'amount' | 'signature';
}

export interface IpnDelivery {
  form: Record<string, string>;
  attempts: number;
  answers: string[];
  delivered: boolean;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Sorted non-empty fields but verifySign, `k=v&…`, then `&md5(token)`, all md5'd. */
export function signatureOf(fields: Record<string, string>, token: string): string {
  const names = Object.keys(fields)
    .filter((k) => k !== 'verifySign' && fields[k] !== '')
    .sort();
  return md5(`${names.map((k) => `${k}=${fields[k]}`).join('&')}&${md5(token)}`);
}

export class YuansferDouble extends LocalDouble<YuansferFault> {
  readonly requests: RecordedYuansferRequest[] = [];
  readonly transactions = new Map<string, YuansferDoubleTransaction>();
  readonly ipnDeliveries: IpnDelivery[] = [];
  /** IPN retries: Yuansfer sends up to 8 times; tests wait `ipnRetryMs` between tries. */
  ipnAttempts = 8;
  ipnRetryMs = 200;
  private counter = 0;

  constructor(
    readonly merchantNo = '200043',
    readonly storeNo = '300014',
    readonly token = '5cbfb079f15b150122261c8537086d77a',
  ) {
    super();
  }

  /** The shopper pays (or fails) on the cashier page: the IPN is posted until answered `success`. */
  async pay(reference: string, options: PayOptions = {}): Promise<IpnDelivery> {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`no payment started for ${reference}`);
    transaction.status = options.outcome ?? 'success';
    const form = this.ipnFormOf(transaction, options);
    return this.deliver(transaction.ipnUrl, form, this.ipnAttempts);
  }

  /** Sends the last IPN for `reference` once more, unchanged (a replay). */
  async replay(reference: string): Promise<IpnDelivery> {
    const last = [...this.ipnDeliveries].reverse().find((d) => d.form.reference === reference);
    const transaction = this.transactions.get(reference);
    if (!last || !transaction) throw new Error(`no IPN sent for ${reference}`);
    return this.deliver(transaction.ipnUrl, last.form, 1);
  }

  private ipnFormOf(t: YuansferDoubleTransaction, options: PayOptions): Record<string, string> {
    const form: Record<string, string> = {
      transactionNo: t.transactionNo,
      status: t.status,
      amount: options.amount ?? t.amount,
      currency: options.currency ?? t.currency,
      settleCurrency: 'USD',
      time: '20260115200000',
      reference: t.reference,
      vendorId: `V${t.transactionNo}`,
    };
    form.verifySign = signatureOf(form, this.token);
    if (options.tamper === 'amount') form.amount = '0.01';
    if (options.tamper === 'signature') form.verifySign = md5('forged');
    return form;
  }

  private async deliver(
    url: string,
    form: Record<string, string>,
    maxAttempts: number,
  ): Promise<IpnDelivery> {
    const delivery: IpnDelivery = { form, attempts: 0, answers: [], delivered: false };
    this.ipnDeliveries.push(delivery);
    while (delivery.attempts < maxAttempts && !delivery.delivered) {
      if (delivery.attempts > 0) await new Promise((resolve) => setTimeout(resolve, this.ipnRetryMs));
      delivery.attempts++;
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }).then(
        (response) => response.text(),
        (error: Error) => `(network error: ${error.message})`,
      );
      delivery.answers.push(answer);
      delivery.delivered = answer === 'success';
    }
    return delivery;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path.startsWith('/cashier/')) {
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Yuansfer cashier</h1>');
    }
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    this.requests.push({ path, form });
    const fault = this.faults.shift();
    if (fault === 'timeout') return this.hold(req);
    if (fault === '500') return void res.writeHead(500).end('Internal Server Error');
    if (fault === 'garbage') return void res.writeHead(200).end('<html>oops');
    const answer = this.answer(path, form);
    // Refusals come back as HTTP 400 with the JSON body, as Yuansfer's documentation shows.
    res.writeHead(answer.ret_code === '000100' ? 200 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }

  private answer(path: string, form: Record<string, string>): Record<string, unknown> {
    if (form.merchantNo !== this.merchantNo || form.storeNo !== this.storeNo) {
      return { ret_code: '000030', ret_msg: 'merchant or store not found' };
    }
    if (form.verifySign !== signatureOf(form, this.token)) {
      return { ret_code: '000000', ret_msg: 'data error : verifySign' };
    }
    if (path === '/online/v3/secure-pay') return this.securePay(form);
    if (path === '/app-data-search/v3/tran-query') return this.query(form);
    if (path === '/app-data-search/v3/refund') return this.refund(form);
    return { ret_code: '000010', ret_msg: 'no such API' };
  }

  private securePay(form: Record<string, string>): Record<string, unknown> {
    const required = [
      'amount',
      'currency',
      'vendor',
      'ipnUrl',
      'callbackUrl',
      'terminal',
      'goodsInfo',
      'reference',
    ];
    const missing = required.find((name) => !form[name]);
    if (missing) return { ret_code: '000020', ret_msg: `${missing} is empty` };
    if (!/^\d+\.\d{2}$/.test(form.amount as string)) return { ret_code: '000023', ret_msg: 'amount error' };
    const existing = this.transactions.get(form.reference as string);
    if (existing && existing.status === 'success')
      return { ret_code: '000040', ret_msg: 'reference already paid' };
    const transactionNo = `29755363830${String(++this.counter).padStart(7, '0')}`;
    const t: YuansferDoubleTransaction = {
      transactionNo,
      reference: form.reference as string,
      amount: form.amount as string,
      currency: form.currency as string,
      vendor: form.vendor as string,
      ipnUrl: form.ipnUrl as string,
      callbackUrl: form.callbackUrl as string,
      goodsInfo: form.goodsInfo as string,
      status: 'pending',
      refundedCents: 0,
    };
    this.transactions.set(t.reference, t);
    const cashierUrl = `${this.baseUrl}/cashier/${transactionNo}`;
    const result = {
      amount: t.amount,
      cashierUrl,
      currency: t.currency,
      reference: t.reference,
      transactionNo,
    };
    return { result: { ...result, settleCurrency: 'USD' }, ret_code: '000100', ret_msg: 'prepay success ' };
  }

  private find(form: Record<string, string>): YuansferDoubleTransaction | undefined {
    if (form.reference) return this.transactions.get(form.reference);
    return [...this.transactions.values()].find((t) => t.transactionNo === form.transactionNo);
  }

  private query(form: Record<string, string>): Record<string, unknown> {
    const t = this.find(form);
    if (!t) return { ret_code: '000021', ret_msg: 'no related information' };
    const { amount, currency, reference, transactionNo } = t;
    const result = {
      amount,
      currency,
      reference,
      settleCurrency: 'USD',
      transactionNo,
      transactionType: 'payment',
    };
    return { result: { ...result, status: t.status }, ret_code: '000100', ret_msg: 'query success ' };
  }

  private refund(form: Record<string, string>): Record<string, unknown> {
    const t = this.find(form);
    if (!t) return { ret_code: '000021', ret_msg: 'no related information' };
    if (t.status !== 'success') return { ret_code: '000040', ret_msg: 'transaction status error' };
    const cents = Math.round(Number(form.refundAmount) * 100);
    if (!(cents > 0) || t.refundedCents + cents > Math.round(Number(t.amount) * 100)) {
      return { ret_code: '000023', ret_msg: 'refund amount error' };
    }
    t.refundedCents += cents;
    const result = { amount: t.amount, refundAmount: form.refundAmount, status: 'success' };
    return {
      result: { ...result, reference: t.reference, transactionNo: t.transactionNo },
      ret_code: '000100',
    };
  }
}
