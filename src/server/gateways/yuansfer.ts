import { amountToCents, centsToDecimalString } from '#shared/money';
import { assertChargeableCents } from './card-rules';
import {
  GATEWAY_UNAVAILABLE_MESSAGE,
  type GatewayOutcome,
  type StartWalletPaymentInput,
  type StartWalletPaymentResult,
  type WalletGateway,
  type WalletNotification,
  type WalletRefundInput,
  type WalletTransaction,
} from './gateway';
import { describeFailure, type GatewayHttp, jsonObjectOf, postToGateway, stringAt } from './gateway-http';
import { parseYuansferNotification, transactionStatusOf } from './yuansfer-notification';
import { signYuansferFields } from './yuansfer-sign';

export interface YuansferOptions extends GatewayHttp {
  baseUrl: string;
  merchantNo: string;
  storeNo: string;
  token: string;
}

const SUCCESS = '000100';
const DEFAULT_TIMEOUT_MINUTES = 10;

/** Yuansfer forbids "special characters" in goods names; letters (any script), digits and spaces stay. */
function goodsInfoOf(goods: StartWalletPaymentInput['goods']): string {
  const items = goods.map((item) => ({
    goods_name:
      item.name
        .replace(/[^\p{L}\p{N} ]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60) || 'item',
    quantity: String(item.quantity),
  }));
  return JSON.stringify(items);
}

/** An answer is successful when `ret_code` is 000100; its message is `ret_msg` (or `retMsg` on some errors). */
function answerMessage(answer: Record<string, unknown>): string {
  return stringAt(answer, 'ret_msg') ?? stringAt(answer, 'retMsg') ?? GATEWAY_UNAVAILABLE_MESSAGE;
}

/** WeChat Pay and Alipay through Yuansfer's hosted cashier page (docs/architecture.md §6). */
export class YuansferWalletGateway implements WalletGateway {
  constructor(private readonly options: YuansferOptions) {}

  /** POST /online/v3/secure-pay; answers `result.cashierUrl` or the gateway's `ret_msg`. */
  async startWalletPayment(input: StartWalletPaymentInput): Promise<StartWalletPaymentResult> {
    assertChargeableCents(input.amountCents);
    const answer = await this.post('/online/v3/secure-pay', {
      merchantNo: this.options.merchantNo,
      storeNo: this.options.storeNo,
      amount: centsToDecimalString(input.amountCents),
      currency: 'USD',
      settleCurrency: 'USD',
      vendor: input.vendor,
      terminal: input.terminal ?? 'ONLINE',
      reference: input.reference,
      ipnUrl: input.ipnUrl,
      callbackUrl: input.callbackUrl,
      goodsInfo: goodsInfoOf(input.goods),
      timeout: String(input.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES),
    });
    if (!answer) return { ok: false, message: GATEWAY_UNAVAILABLE_MESSAGE, unavailable: true };
    const url = stringAt(answer, 'result', 'cashierUrl');
    if (stringAt(answer, 'ret_code') === SUCCESS && url) {
      this.options.log.info({ reference: input.reference, vendor: input.vendor }, 'yuansfer payment started');
      return { ok: true, url };
    }
    this.options.log.warn(
      { reference: input.reference, retCode: stringAt(answer, 'ret_code') },
      'yuansfer refused a payment',
    );
    return { ok: false, message: answerMessage(answer) };
  }

  /** The IPN form, when signed with our token. */
  verifyNotification(form: Record<string, string>): WalletNotification | undefined {
    return parseYuansferNotification(form, this.options.token);
  }

  /** POST /app-data-search/v3/tran-query by our reference. */
  async queryTransaction(reference: string): Promise<WalletTransaction | undefined> {
    const answer = await this.post('/app-data-search/v3/tran-query', {
      merchantNo: this.options.merchantNo,
      storeNo: this.options.storeNo,
      reference,
    });
    if (!answer || stringAt(answer, 'ret_code') !== SUCCESS) {
      if (answer)
        this.options.log.info({ reference, retMsg: answerMessage(answer) }, 'yuansfer query refused');
      return undefined;
    }
    const status = stringAt(answer, 'result', 'status');
    const amountCents = amountToCents(stringAt(answer, 'result', 'amount') ?? '');
    const currency = stringAt(answer, 'result', 'currency');
    const transactionNo = stringAt(answer, 'result', 'transactionNo');
    if (!status || amountCents === undefined || !currency || !transactionNo) return undefined;
    return { status: transactionStatusOf(status), amountCents, currency, transactionNo };
  }

  /** POST /app-data-search/v3/refund for part or all of a payment. */
  async refundWallet(input: WalletRefundInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    const answer = await this.post('/app-data-search/v3/refund', {
      merchantNo: this.options.merchantNo,
      storeNo: this.options.storeNo,
      refundAmount: centsToDecimalString(input.amountCents),
      currency: 'USD',
      settleCurrency: 'USD',
      reference: input.reference,
      transactionNo: input.transactionNo,
    });
    if (!answer) return { ok: false, message: GATEWAY_UNAVAILABLE_MESSAGE, unavailable: true };
    if (stringAt(answer, 'ret_code') === SUCCESS) return { ok: true };
    return { ok: false, message: answerMessage(answer) };
  }

  /** A signed form POST; the parsed answer, or undefined (logged) when there was none worth reading. */
  private async post(
    path: string,
    fields: Record<string, string | undefined>,
  ): Promise<Record<string, unknown> | undefined> {
    const form = new URLSearchParams(signYuansferFields(fields, this.options.token));
    const reply = await postToGateway(
      this.options,
      `${this.options.baseUrl.replace(/\/$/, '')}${path}`,
      'application/x-www-form-urlencoded',
      form.toString(),
    );
    const answer = jsonObjectOf(reply, true);
    if (!answer) this.options.log.error({ path, ...describeFailure(reply) }, 'yuansfer unavailable');
    return answer;
  }
}
