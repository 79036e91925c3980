import { useTranslation } from 'react-i18next';
import './payment-marks.css';

/** The payment methods the shop takes (docs/architecture.md §6): cards through the gateway, and two wallets. */
const MARKS = ['visa', 'mastercard', 'amex', 'discover', 'wechat', 'alipay'] as const;
type Mark = (typeof MARKS)[number];

/** Simple drawn marks, recognisable by their colours and shapes; no remote images. */
function Drawing({ mark }: { mark: Mark }) {
  switch (mark) {
    case 'visa':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d5dbe1" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontSize="13"
            fontWeight="800"
            fontStyle="italic"
            fill="#1a1f71"
            fontFamily="Arial, sans-serif"
          >
            VISA
          </text>
        </>
      );
    case 'mastercard':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#1b2128" />
          <circle cx="19" cy="15" r="9" fill="#eb001b" />
          <circle cx="29" cy="15" r="9" fill="#f79e1b" />
          <path d="M24 7.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15Z" fill="#ff5f00" />
        </>
      );
    case 'amex':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#1f72cd" />
          <text
            x="24"
            y="19.5"
            textAnchor="middle"
            fontSize="10.5"
            fontWeight="800"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            AMEX
          </text>
        </>
      );
    case 'discover':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#d5dbe1" />
          <text x="4" y="18.5" fontSize="7.4" fontWeight="700" fill="#1b2128" fontFamily="Arial, sans-serif">
            DISC
          </text>
          <circle cx="26.6" cy="15.9" r="3.6" fill="#f58220" />
          <text
            x="30.6"
            y="18.5"
            fontSize="7.4"
            fontWeight="700"
            fill="#1b2128"
            fontFamily="Arial, sans-serif"
          >
            VER
          </text>
        </>
      );
    case 'wechat':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#07c160" />
          <ellipse cx="20" cy="13.5" rx="8" ry="6.5" fill="#fff" />
          <path d="m15 18.5-1.5 3.5 4.5-2.3Z" fill="#fff" />
          <ellipse cx="29.5" cy="17.5" rx="6.8" ry="5.6" fill="#fff" stroke="#07c160" strokeWidth="1.2" />
          <path d="m33.5 21.6 1.3 2.9-3.9-1.9Z" fill="#fff" />
          <circle cx="17.3" cy="12.3" r="1.1" fill="#07c160" />
          <circle cx="22.7" cy="12.3" r="1.1" fill="#07c160" />
          <circle cx="27.3" cy="16.8" r="0.9" fill="#07c160" />
          <circle cx="31.7" cy="16.8" r="0.9" fill="#07c160" />
        </>
      );
    case 'alipay':
      return (
        <>
          <rect width="48" height="30" rx="4" fill="#1677ff" />
          <rect x="15" y="4" width="18" height="22" rx="4" fill="#fff" />
          <text
            x="24"
            y="20.5"
            textAnchor="middle"
            fontSize="13"
            fontWeight="700"
            fill="#1677ff"
            fontFamily="'Noto Sans CJK SC', 'PingFang SC', sans-serif"
          >
            支
          </text>
        </>
      );
  }
}

/** The marks of every payment method, each named for screen readers in the shopper's language. */
export function PaymentMarks() {
  const { t } = useTranslation('site');
  return (
    <ul className="payment-marks">
      {MARKS.map((mark) => (
        <li key={mark}>
          <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={t(`payment.${mark}`)}>
            <title>{t(`payment.${mark}`)}</title>
            <Drawing mark={mark} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
